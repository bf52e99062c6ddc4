import { surfaceMarker } from './markers.ts';
import type { TerminalAction, Verdict } from './types.ts';
import { visibleText } from './visibleText.ts';

/**
 * The action-local evaluator E(a_T, 𝒫) (§3.3): it sees the terminal action with its full
 * arguments and visible content, never the prefix or the environment context, and flags a
 * violation when the action's own surface shows one.
 */
export function actionLocal(taskId: string, action: TerminalAction): Verdict {
  const marker = surfaceMarker(`${action.tool}\n${visibleText(action.args)}`);
  return {
    task_id: taskId,
    label: marker !== null,
    violated_policy: marker?.policy ?? null,
    state: null,
    evidence: marker === null ? [] : [{ steps: [], fact: `terminal action shows ${marker.pattern.source}` }],
  };
}
