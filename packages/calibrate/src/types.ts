/** Methods of Table 3 (plus no guard). */
export type MethodName =
  'no-guard' | 'executed-step-crc' | 'ledger-current' | 'full-prefix' | 'fixed-window-4' | 'equal-size-random' | 'g-carb';

/** What a threshold promises: CRC's bound in expectation (Eq. 1), or Learn-then-Test's P(risk > α) ≤ δ. */
export type Guarantee = 'expectation' | 'high-probability';
/** Every Guarantee, in report order. */
export const GUARANTEES: readonly Guarantee[] = ['expectation', 'high-probability'];

/** The stratum name of a run over the whole corpus (no `--by`, or the pooled run beside the strata). */
export const POOLED_STRATUM = 'all';

/**
 * One row of deploy.json: the threshold fit on every eligible episode of the calibration corpus
 * (stratum), the number one ships. Keys are fixed (issue 10).
 */
export interface DeployRow {
  /** POOLED_STRATUM, or the stratum value of `--by`. */
  stratum: string;
  method: MethodName;
  alpha: number;
  /** Episodes the threshold was fit on. */
  n: number;
  /** Grid value λ̂, or null when infeasible (nothing is certified; the gate must stop everything). */
  lambda: number | null;
  /** Grid index of λ̂, −1 when infeasible. */
  lambdaIndex: number;
  guarantee: Guarantee;
  /** δ of the high-probability guarantee; null for expectation. */
  delta: number | null;
  /** Batch size m of the batch high-probability promise (absent: the risk promise or expectation). */
  batch?: number;
  /** Pipeline hash of the run that fit it (pins ledger, typing, graph, scorer, grid, corpus). */
  pipelineHash: string;
}

/** One row of summary.json: a method at a budget, aggregated over splits. Keys are fixed (issue 5). */
export interface SummaryRow {
  /** Stratum of `--by` (POOLED_STRATUM for the whole corpus). Absent: pooled. */
  stratum?: string;
  /** Absent: expectation. */
  guarantee?: Guarantee;
  /** High-probability rows under the batch promise: the batch size m ('fold': the test fold). Absent otherwise. */
  batch?: number | 'fold';
  /** δ of a high-probability row, else null / absent. */
  delta?: number | null;
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
  /** As on SummaryRow: absent means pooled / expectation. */
  stratum?: string;
  guarantee?: Guarantee;
  /** High-probability rows under the batch promise: the batch size m ('fold': the test fold). Absent otherwise. */
  batch?: number | 'fold';
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
