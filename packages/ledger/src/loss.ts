import { GRADED_DENOMINATOR, LEDGER_CATEGORIES, type LedgerCategory } from '@carb/pipeline';
import type { LedgerLossKind, LedgerTrace } from './types.ts';

/** First step at which any category fires (the union ledger's increment; custom categories included), −1 when none does. */
export function unionFirstStep(trace: LedgerTrace): number {
  let first = -1;
  for (const s of [...LEDGER_CATEGORIES.map((c) => trace.firstStep[c]), ...Object.values(trace.customFirstStep ?? {})]) {
    if (s >= 0 && (first < 0 || s < first)) first = s;
  }
  return first;
}

/** E_k(P) for the prefix of length `prefixLength` (steps 0..p−1): 1 once the category's first event lies inside. */
export function categoryLoss(trace: LedgerTrace, category: LedgerCategory, prefixLength: number): number {
  const s = trace.firstStep[category];
  return s >= 0 && s < prefixLength ? 1 : 0;
}

/**
 * ℓ(P) for the prefix of length `prefixLength`: `union` = max over categories, custom ones
 * included (Definition 1), `graded` = fired categories of the paper's five / 5. Both are 0 at
 * the empty prefix and non-decreasing in its length.
 */
export function ledgerLoss(trace: LedgerTrace, prefixLength: number, kind: LedgerLossKind): number {
  if (kind === 'union') {
    const u = unionFirstStep(trace);
    return u >= 0 && u < prefixLength ? 1 : 0;
  }
  let fired = 0;
  for (const c of LEDGER_CATEGORIES) fired += categoryLoss(trace, c, prefixLength);
  return fired / GRADED_DENOMINATOR;
}
