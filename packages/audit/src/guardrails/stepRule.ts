import { surfaceMarker } from '../markers.ts';
import { roleOf } from '../toolRoles.ts';
import { visibleText } from '../visibleText.ts';
import type { Guardrail } from './guardrail.ts';

/**
 * Step-rule guardrail: per-action rules on the terminal action alone. An outbound action (a send
 * tool, or any tool with recipients) is blocked when its own content shows a surface marker;
 * other actions pass. It never reads the prefix.
 */
export const stepRule: Guardrail = {
  name: 'step-rule',
  sees: 'action',
  decide(item) {
    const a = item.terminal_action;
    const outbound = roleOf(a.tool)?.role === 'send' || Object.hasOwn(a.args, 'recipients');
    return { decision: outbound && surfaceMarker(visibleText(a.args)) !== null ? 'block' : 'allow' };
  },
};
