import { describeValue } from '@carb/io';
import { checkCoverage } from './coverage.ts';
import { jsonlRecords } from './jsonlRecords.ts';
import { GUARD_DECISIONS, type GuardDecision, type ItemDecision, type TerminalAction } from './types.ts';

/**
 * A guardrail's decisions from JSONL: one `{task_id, decision, action?}` per item, decision one of
 * allow | block | rewrite | escalate; `action` ({tool, args}) is the rewritten action a rewrite executes.
 */
export function readDecisions(file: string, ids: readonly string[]): Map<string, ItemDecision> {
  const out = new Map<string, ItemDecision>();
  const problems: string[] = [];
  const seen: Array<{ line: number; id: string }> = [];
  for (const { line, value } of jsonlRecords(file, 'decisions')) {
    const at = `${file}: line ${line}`;
    const id = value.task_id;
    if (typeof id !== 'string') {
      problems.push(`${at}: /task_id: expected a string, found ${describeValue(id)}`);
      continue;
    }
    const extra = Object.keys(value).filter((k) => !['task_id', 'decision', 'action', 'rationale'].includes(k));
    if (extra.length) {
      problems.push(`${at}: decision ${id}: expected only task_id, decision, action, rationale, found ${extra.join(', ')}`);
      continue;
    }
    const decision = value.decision;
    if (typeof decision !== 'string' || !GUARD_DECISIONS.includes(decision as GuardDecision)) {
      problems.push(`${at}: decision ${id}: /decision: expected one of ${GUARD_DECISIONS.join(', ')}, found ${describeValue(decision)}`);
      continue;
    }
    const action = value.action;
    if (
      action !== undefined &&
      (decision !== 'rewrite' ||
        action === null ||
        typeof action !== 'object' ||
        typeof (action as { tool?: unknown }).tool !== 'string' ||
        typeof (action as { args?: unknown }).args !== 'object')
    ) {
      problems.push(
        `${at}: decision ${id}: /action: expected a {tool, args} object on a rewrite only, found ${describeValue(action)} on ${decision}`,
      );
      continue;
    }
    seen.push({ line, id });
    out.set(id, {
      task_id: id,
      decision: decision as GuardDecision,
      ...(action !== undefined ? { action: action as TerminalAction } : {}),
    });
  }
  problems.push(...checkCoverage(file, 'decision', seen, ids));
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}
