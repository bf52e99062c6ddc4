import { GRADED_DENOMINATOR, LEDGER_CATEGORIES } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';

/** Which ledger loss the loss-calibrated methods use: binary union ℓ_union or graded (categories fired / 5). */
export type Ledger = 'union' | 'graded';

// the graded "/5" lives in @carb/pipeline beside LEDGER_CATEGORIES; re-exported for calibrate's callers
export { GRADED_DENOMINATOR };

/** D such that every ledger loss is an integer number of 1/D units. */
export function ledgerDenominator(ledger: Ledger): number {
  return ledger === 'union' ? 1 : GRADED_DENOMINATOR;
}

/**
 * Grid indices at which episode e's ledger loss rises by one unit: the union's first-loss
 * index (custom categories included), or each of the five categories' (G when it never
 * fires, so it is skipped by the caller).
 */
export function ledgerRises(bt: BreakpointTable, e: number, ledger: Ledger): number[] {
  if (ledger === 'union') return [bt.unionLossFrom[e]!];
  return LEDGER_CATEGORIES.map((k) => bt.lossFrom[k][e]!);
}
