import type { GuardDecision, TerminalAction } from '../types.ts';
import type { AuditView } from '../view.ts';

/** A candidate safety control g: one decision per item, from the label-free view. */
export interface Guardrail {
  name: string;
  /** What it reads, for the report: `context`, `action`, `prefix` or `state`. */
  sees: 'none' | 'context' | 'action' | 'prefix' | 'state';
  decide(item: AuditView): { decision: GuardDecision; action?: TerminalAction };
}
