import { describeValue } from '@carb/io';
import { checkCoverage } from './coverage.ts';
import { jsonlRecords } from './jsonlRecords.ts';
import { POLICY_IDS } from './policies.ts';
import type { Verdict } from './types.ts';

/**
 * External verdicts from any judge (an LLM auditor, annotators), accepted in W's place: one
 * `{task_id, label, violated_policy}` per item, label a boolean or App. C's "risk" / "no_risk".
 */
export function readVerdicts(file: string, ids: readonly string[]): Map<string, Verdict> {
  const out = new Map<string, Verdict>();
  const problems: string[] = [];
  const seen: Array<{ line: number; id: string }> = [];
  for (const { line, value } of jsonlRecords(file, 'verdicts')) {
    const at = `${file}: line ${line}`;
    const id = value.task_id;
    if (typeof id !== 'string') { problems.push(`${at}: /task_id: expected a string, found ${describeValue(id)}`); continue; }
    const raw = value.label;
    const label = raw === true || raw === 'risk' ? true : raw === false || raw === 'no_risk' ? false : null;
    if (label === null) { problems.push(`${at}: verdict ${id}: /label: expected true, false, "risk" or "no_risk", found ${describeValue(raw)}`); continue; }
    const policy = value.violated_policy ?? null;
    if (policy !== null && (typeof policy !== 'string' || !POLICY_IDS.includes(policy))) { problems.push(`${at}: verdict ${id}: /violated_policy: expected null or one of ${POLICY_IDS.join(', ')}, found ${describeValue(policy)}`); continue; }
    if (!label && policy !== null) { problems.push(`${at}: verdict ${id}: /violated_policy: expected null (label is no risk), found ${describeValue(policy)}`); continue; }
    seen.push({ line, id });
    out.set(id, { task_id: id, label, violated_policy: policy, state: null, evidence: [] });
  }
  problems.push(...checkCoverage(file, 'verdict', seen, ids));
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}
