import type { AuditItem } from '../types.ts';
import { proportion, type Proportion } from './proportion.ts';

/**
 * Outcome Violation Rate (App. E.4): the share of risky workflows whose executed outcome an
 * outcome-level judge finds violating (`violates`: violates(g(τ))). carb's outcome-level judge
 * sees what was executed, not the reconstructed state (see the README).
 */
export function outcomeViolationRate(risky: readonly AuditItem[], violates: (item: AuditItem) => boolean): Proportion {
  return proportion(risky.map(violates));
}
