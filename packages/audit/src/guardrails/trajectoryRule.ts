import { surfaceMarker } from '../markers.ts';
import { visibleText } from '../visibleText.ts';
import type { Guardrail } from './guardrail.ts';

/**
 * Trajectory-rule guardrail (TrajRule): reads the whole committed prefix and the terminal action
 * but reconstructs no state: it blocks when any step's visible text, or the action's, shows a
 * surface marker. The prefix reader of App. F.4.
 */
export const trajectoryRule: Guardrail = {
  name: 'trajectory-rule',
  sees: 'prefix',
  decide(item) {
    const texts = [...item.committed_prefix.map((s) => `${visibleText(s.args)}\n${s.result}`), visibleText(item.terminal_action.args)];
    return { decision: texts.some((t) => surfaceMarker(t) !== null) ? 'block' : 'allow' };
  },
};
