import type { BreakpointTable } from '@carb/replay';

/** |P_g|: proposals of episode e executed at grid index g (executesFrom is non-decreasing per episode). */
export function executedCount(bt: BreakpointTable, e: number, g: number): number {
  const { executesFrom } = bt;
  const lo0 = bt.stepOffset[e]!;
  let lo = lo0;
  let hi = bt.stepOffset[e + 1]!;
  if (g >= bt.runsFrom[e]!) return hi - lo0;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (executesFrom[mid]! <= g) lo = mid + 1;
    else hi = mid;
  }
  return lo - lo0;
}

/**
 * Raw executed-step rate r_λ (App. D.2) as a denominator p (r = 1/p), or 0 when r = 0: the
 * first union increment lies within P_λ exactly when g ≥ unionLossFrom, and then r = 1/max(1, |P_λ|).
 * The one definition of the step rate in calibrate (held-out metric and the envelope both use it);
 * `executed` = |P_g| when the caller already has it.
 */
export function stepRateDenominator(bt: BreakpointTable, e: number, g: number, executed = executedCount(bt, e, g)): number {
  return g >= bt.unionLossFrom[e]! ? Math.max(1, executed) : 0;
}
