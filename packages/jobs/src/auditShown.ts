import type { ItemDecision, Verdict } from '@carb/audit';
import { shownContent } from '@carb/io';

// A verdict's label, policy and the state's shape (steps, sensitivities, scopes, verified and
// authorized marks, versions) stay; artifact ids, links, senders, members, requests and the
// evidence facts quoting them are episode content (--include-content).
const VERDICT_KEPT: ReadonlySet<string> = new Set([
  'task_id',
  'label',
  'violated_policy',
  'step',
  'steps',
  'sensitivity',
  'scope',
  'verified',
  'authorized',
  'source',
  'policy',
  'approvedVersion',
  'currentVersion',
  'covers',
]);

/** A verdict as verdicts.jsonl shows it (README "What each output contains"). */
export function verdictShown(v: Verdict, includeContent: boolean): Verdict {
  return shownContent(v, includeContent, VERDICT_KEPT);
}

/** A guardrail decision as decisions/*.jsonl shows it: a rewrite's action keeps its tool; its arguments and provenance are content. */
export function decisionShown(d: ItemDecision | undefined, includeContent: boolean): ItemDecision | undefined {
  return includeContent || d?.action === undefined ? d : { ...d, action: { ...shownContent(d.action, false), tool: d.action.tool } };
}
