import { canonicalJson } from '@carb/io';
import type { AuditItem, TerminalAction, Verdict } from './types.ts';

/**
 * One judge for every executed action of one role (RR: the state auditor; OVR: the action-local
 * evaluator). The proposed action a_T is judged by the role's verdicts (built-in or a file),
 * and so is a rewrite to the same bytes; a rewrite to another action is judged by `judgeOther`,
 * the built-in evaluator, which only exists when no verdicts file took the role: a verdicts file
 * covers the proposed actions only, and a second judge for rewrites would mix two instruments.
 */
export function executedJudge(
  verdicts: ReadonlyMap<string, Verdict>,
  source: string,
  judgeOther: ((item: AuditItem, action: TerminalAction) => boolean) | null,
) {
  return (item: AuditItem, action: TerminalAction, guardrail: string): boolean => {
    if (canonicalJson(action) === canonicalJson(item.terminal_action)) return verdicts.get(item.task_id)!.label;
    if (judgeOther === null)
      throw new Error(
        `guardrail ${guardrail}: item ${item.task_id}: expected a rewrite that ${source} can judge (the proposed action), found a rewrite to another action; audit rewrites with the built-in evaluator`,
      );
    return judgeOther(item, action);
  };
}
