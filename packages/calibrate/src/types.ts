/** Methods of Table 3 (plus no guard). */
export type MethodName = 'no-guard' | 'executed-step-crc' | 'ledger-current' | 'full-prefix' | 'fixed-window-4' | 'equal-size-random' | 'g-carb';

/** One row of summary.json: a method at a budget, aggregated over splits. Keys are fixed (issue 5). */
export interface SummaryRow {
  method: string;
  alpha: number;
  splits: number;
  /** Splits whose CRC criterion was feasible. */
  feasible: number;
  meanLoss: number;
  lossP5: number;
  lossP95: number;
  intervention: number;
  interventionP5: number;
  interventionP95: number;
  utility: number;
  utilityP5: number;
  utilityP95: number;
  /** Held-out raw executed-step rate r. */
  stepRate: number;
  /** Eq. 2 on the method's own scored test proposals, per split, averaged over splits; null for no guard. */
  ctxRed: number | null;
  /** Constructed suites only (null otherwise). */
  harmStop: number | null;
  benignStop: number | null;
  /** λ̂ over feasible splits (null when none feasible or no guard). */
  lambdaMin: number | null;
  lambdaMedian: number | null;
  lambdaMax: number | null;
}

/** One split's result for a method at a budget. */
export interface SplitResult {
  method: string;
  alpha: number;
  /** α as given (decimal or fraction text), the exact value calibration used. */
  alphaText: string;
  split: number;
  /** Selected grid index, or −1 when infeasible (α < 1/(n+1)). */
  lambdaIndex: number;
  /** λ̂ value, or null when infeasible. */
  lambdaHat: number | null;
  loss: number;
  intervention: number;
  utility: number;
  stepRate: number;
  /** Σ|C| and Σ|C_full| over the method's scored test proposals. */
  ctxSelected: number;
  ctxFull: number;
  harmStop: number | null;
  benignStop: number | null;
}
