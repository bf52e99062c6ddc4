import type { ItemDecision } from '../types.ts';
import { auditView } from '../view.ts';
import type { AuditItem } from '../types.ts';
import type { Guardrail } from './guardrail.ts';
import type { GuardrailDecisions } from '../runAudit.ts';

/** A built-in guardrail's decision on every item, from the label-free view only. */
export function decideAll(guardrail: Guardrail, items: readonly AuditItem[]): GuardrailDecisions {
  const decisions = new Map<string, ItemDecision>();
  for (const it of items) decisions.set(it.task_id, { task_id: it.task_id, ...guardrail.decide(auditView(it)) });
  return { name: guardrail.name, decisions };
}
