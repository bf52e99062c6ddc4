import { canonicalJson } from '@carb/io';
import type { AuditItem } from '../types.ts';

/**
 * The matched benign twins of `items` (App. E.2): benign state-dependent items whose twin is a
 * risky item of `items` with the byte-identical terminal action (canonical JSON). CAS, benign
 * FPR and TSR are computed on these only; readItems refuses a twin link whose actions differ.
 */
export function matchedTwins(items: readonly AuditItem[]): AuditItem[] {
  const byId = new Map(items.map((it) => [it.task_id, it]));
  return items.filter((it) => {
    if (it.risk_label || it.regime !== 'state_dependent' || it.matched_twin_id === null) return false;
    const risky = byId.get(it.matched_twin_id);
    return risky !== undefined && risky.risk_label && canonicalJson(risky.terminal_action) === canonicalJson(it.terminal_action);
  });
}
