import type { AuditItem } from './types.ts';

/**
 * What evaluators and guardrails may see of an item: intent, committed prefix, environment
 * context and terminal action. Labels, regime, mechanism, twin link and rationale stay out,
 * by type and by value.
 */
export type AuditView = Pick<AuditItem, 'task_id' | 'intent' | 'committed_prefix' | 'environment_context' | 'terminal_action'>;

/** The label-free view of `item` (a copy without the construction fields). */
export function auditView(item: AuditItem): AuditView {
  return {
    task_id: item.task_id,
    intent: item.intent,
    committed_prefix: item.committed_prefix,
    environment_context: item.environment_context,
    terminal_action: item.terminal_action,
  };
}
