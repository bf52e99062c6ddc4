import { surfaceMarker } from '../markers.ts';
import { defaultAuditTyping, type AuditTyping } from '../toolRoles.ts';
import { visibleText } from '../visibleText.ts';
import type { Guardrail } from './guardrail.ts';

/**
 * Step-rule guardrail: per-action rules on the terminal action alone. An outbound action (a tool
 * the typing file types `external_sink`, or any tool with recipients) is blocked when its own
 * content shows a surface marker; other actions pass. It never reads the prefix.
 */
export function stepRuleWith(typing?: AuditTyping): Guardrail {
  return {
    name: 'step-rule',
    sees: 'action',
    decide(item) {
      const a = item.terminal_action;
      const types = typing ?? defaultAuditTyping();
      const outbound =
        (Object.hasOwn(types.types, a.tool) && types.types[a.tool]!.includes('external_sink')) || Object.hasOwn(a.args, 'recipients');
      return { decision: outbound && surfaceMarker(visibleText(a.args)) !== null ? 'block' : 'allow' };
    },
  };
}

/** The step rule under the shipped typing (configs/tools/latentriskbench.json). */
export const stepRule: Guardrail = stepRuleWith();
