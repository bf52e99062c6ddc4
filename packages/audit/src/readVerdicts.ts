import { describeValue } from '@carb/io';
import { checkCoverage } from './coverage.ts';
import { jsonlRecords } from './jsonlRecords.ts';
import { POLICY_ID_PATTERN } from './policies.ts';
import type { Verdict } from './types.ts';

// App. C's structured record: reconstructed_state and evidence_trace are kept out of the metrics but allowed
const FIELDS = new Set(['task_id', 'label', 'risk_label', 'violated_policy', 'reconstructed_state', 'evidence_trace', 'rationale']);

/**
 * Verdicts of any judge (an LLM auditor, annotators), accepted in W's role (`--verdicts`) or E's
 * (`--action-verdicts`): one `{task_id, label, violated_policy}` per item, label (or App. C's
 * `risk_label`) a boolean or "risk" / "no_risk", the policy any id (carb's five or own ones).
 * A field outside App. C's record is refused, not ignored.
 */
export function readVerdicts(file: string, ids: readonly string[]): Map<string, Verdict> {
  const out = new Map<string, Verdict>();
  const problems: string[] = [];
  const seen: Array<{ line: number; id: string }> = [];
  for (const { line, value } of jsonlRecords(file, 'verdicts')) {
    const at = `${file}: line ${line}`;
    const id = value.task_id;
    if (typeof id !== 'string') {
      problems.push(`${at}: /task_id: expected a string, found ${describeValue(id)}`);
      continue;
    }
    const extra = Object.keys(value).filter((k) => !FIELDS.has(k));
    if (extra.length) {
      problems.push(`${at}: verdict ${id}: expected only ${[...FIELDS].join(', ')}, found ${extra.join(', ')}`);
      continue;
    }
    if ('label' in value && 'risk_label' in value) {
      problems.push(`${at}: verdict ${id}: expected one of label and risk_label, found both`);
      continue;
    }
    const raw = 'label' in value ? value.label : value.risk_label;
    const label = raw === true || raw === 'risk' ? true : raw === false || raw === 'no_risk' ? false : null;
    if (label === null) {
      problems.push(`${at}: verdict ${id}: /label: expected true, false, "risk" or "no_risk", found ${describeValue(raw)}`);
      continue;
    }
    const policy = value.violated_policy ?? null;
    if (policy !== null && (typeof policy !== 'string' || !POLICY_ID_PATTERN.test(policy))) {
      problems.push(`${at}: verdict ${id}: /violated_policy: expected null or a policy id, found ${describeValue(policy)}`);
      continue;
    }
    if (!label && policy !== null) {
      problems.push(`${at}: verdict ${id}: /violated_policy: expected null (label is no risk), found ${describeValue(policy)}`);
      continue;
    }
    seen.push({ line, id });
    out.set(id, { task_id: id, label, violated_policy: policy, state: null, evidence: [] });
  }
  problems.push(...checkCoverage(file, 'verdict', seen, ids));
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}
