import type { SplitResult, SummaryRow } from './types.ts';
import { empiricalQuantile, empiricalQuantiles, mean } from './quantiles.ts';
import { cellColumn, cellOfRows, type SplitCell } from './splitCell.ts';

/** Table 6: a method minus the reference on shared splits, mean and p5/p95 of the per-split differences. */
export interface PairedDiff {
  /** As on SummaryRow: absent means pooled / expectation. */
  stratum?: string;
  guarantee?: import('./types.ts').Guarantee;
  method: string;
  reference: string;
  alpha: number;
  splits: number;
  dLoss: number;
  dLossP5: number;
  dLossP95: number;
  dIntervention: number;
  dInterventionP5: number;
  dInterventionP95: number;
  dUtility: number;
  dUtilityP5: number;
  dUtilityP95: number;
}

/** Mean of the values that are not NaN (the columns' null), in order; null when none is. */
function nullableMean(values: Float64Array): number | null {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) {
      sum += v;
      count++;
    }
  }
  return count ? sum / count : null;
}

/**
 * One SummaryRow from a method's split results at one α. Infeasible splits stay in every
 * average (evaluated at stop-all); λ̂ ranges use feasible splits only.
 */
export function summarizeCell(method: string, alpha: number, rows: readonly SplitResult[], calibrated: boolean): SummaryRow {
  return summarizeSplitCell(method, alpha, cellOfRows(rows), calibrated);
}

/** Gather buffers of summarizeSplitCell, reused by every call (the frontier summarizes ~10³ cells). */
let gathered = Array.from({ length: 8 }, () => new Float64Array(256));

/** summarizeCell over a cell's columns (the protocol's form). */
export function summarizeSplitCell(method: string, alpha: number, cell: SplitCell, calibrated: boolean): SummaryRow {
  const size = cell.row.length;
  const M = cell.metrics;
  if (gathered[0]!.length < size) gathered = gathered.map(() => new Float64Array(size));
  let next = 0;
  const column = (c: Float64Array) => cellColumn(cell, c, gathered[next++]!.subarray(0, size));
  const loss = column(M.loss);
  const inter = column(M.intervention);
  const util = column(M.utility);
  const lambdas = cell.lambdaHat.filter((l) => !Number.isNaN(l));
  // CtxRed per split where the full context is nonempty (NaN marks the others)
  const ctx = column(M.ctxSelected);
  const full = column(M.ctxFull);
  for (let i = 0; i < size; i++) ctx[i] = full[i]! > 0 ? 1 - ctx[i]! / full[i]! : Number.NaN;
  const [lossP5, lossP95] = empiricalQuantiles(loss, [0.05, 0.95]) as [number, number];
  const [interP5, interP95] = empiricalQuantiles(inter, [0.05, 0.95]) as [number, number];
  const [utilP5, utilP95] = empiricalQuantiles(util, [0.05, 0.95]) as [number, number];
  let feasible = 0;
  for (let i = 0; i < size; i++) if (cell.lambdaIndex[i]! >= 0) feasible++;
  return {
    method,
    alpha,
    splits: size,
    feasible,
    meanLoss: mean(loss),
    lossP5,
    lossP95,
    intervention: mean(inter),
    interventionP5: interP5,
    interventionP95: interP95,
    utility: mean(util),
    utilityP5: utilP5,
    utilityP95: utilP95,
    stepRate: mean(column(M.stepRate)),
    ctxRed: calibrated ? nullableMean(ctx) : null,
    harmStop: nullableMean(column(M.harmStop)),
    benignStop: nullableMean(column(M.benignStop)),
    lambdaMin: calibrated && lambdas.length ? Math.min(...lambdas) : null,
    lambdaMedian: calibrated && lambdas.length ? empiricalQuantile(lambdas, 0.5) : null,
    lambdaMax: calibrated && lambdas.length ? Math.max(...lambdas) : null,
  };
}

/** Per-split differences method − reference (rows aligned by split index). */
export function pairedDiff(
  method: string,
  reference: string,
  alpha: number,
  rows: readonly SplitResult[],
  refRows: readonly SplitResult[],
): PairedDiff {
  return pairedSplitDiff(method, reference, alpha, cellOfRows(rows), cellOfRows(refRows));
}

/** pairedDiff over two cells' columns (the protocol's form). */
export function pairedSplitDiff(method: string, reference: string, alpha: number, cell: SplitCell, refCell: SplitCell): PairedDiff {
  // the protocol's cells list the same splits in the same order: then no map is needed
  const aligned = cell.split.length === refCell.split.length && cell.split.every((s, i) => refCell.split[i] === s);
  const refAt = aligned ? null : new Map(Array.from(refCell.split, (s, i) => [s, refCell.row[i]!]));
  const size = cell.split.length;
  const dl = new Float64Array(size);
  const di = new Float64Array(size);
  const du = new Float64Array(size);
  const M = cell.metrics;
  const R = refCell.metrics;
  for (let i = 0; i < size; i++) {
    const r = cell.row[i]!;
    const b = refAt ? refAt.get(cell.split[i]!) : refCell.row[i];
    if (b === undefined)
      throw new Error(`paired differences: split ${cell.split[i]!} of ${method} has no ${reference} result; expected shared splits`);
    dl[i] = M.loss[r]! - R.loss[b]!;
    di[i] = M.intervention[r]! - R.intervention[b]!;
    du[i] = M.utility[r]! - R.utility[b]!;
  }
  const [dLossP5, dLossP95] = empiricalQuantiles(dl, [0.05, 0.95]) as [number, number];
  const [dInterventionP5, dInterventionP95] = empiricalQuantiles(di, [0.05, 0.95]) as [number, number];
  const [dUtilityP5, dUtilityP95] = empiricalQuantiles(du, [0.05, 0.95]) as [number, number];
  return {
    method,
    reference,
    alpha,
    splits: size,
    dLoss: mean(dl),
    dLossP5,
    dLossP95,
    dIntervention: mean(di),
    dInterventionP5,
    dInterventionP95,
    dUtility: mean(du),
    dUtilityP5,
    dUtilityP95,
  };
}
