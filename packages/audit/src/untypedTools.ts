import { isTyped, type AuditTyping } from './toolRoles.ts';
import type { AuditItem } from './types.ts';

/**
 * Tools the items use (prefix steps and terminal action) that `typing` does not know, each with
 * the number of items that use it, sorted by name. W reads such a tool as changing no state and
 * the step rule as not outbound, so its items' verdicts rest on less than they seem.
 */
export function untypedTools(items: readonly AuditItem[], typing: AuditTyping): Array<{ tool: string; items: number }> {
  const count = new Map<string, number>();
  for (const it of items) {
    const tools = new Set([...it.committed_prefix.map((s) => s.tool), it.terminal_action.tool]);
    for (const t of tools) if (!isTyped(t, typing)) count.set(t, (count.get(t) ?? 0) + 1);
  }
  return [...count].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([tool, items]) => ({ tool, items }));
}
