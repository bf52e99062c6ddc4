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

/** Mean of column[rows[i]] over the i where it is not NaN (the columns' null), in order; null when none is. */
function nullableMeanAt(column: Float64Array, rows: Int32Array): number | null {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    const v = column[rows[i]!]!;
    if (!Number.isNaN(v)) {
      sum += v;
      count++;
    }
  }
  return count ? sum / count : null;
}

/** Mean of column[rows[i]] in order (mean() of the gathered column, without gathering it). */
function meanAt(column: Float64Array, rows: Int32Array): number {
  let s = 0;
  for (let i = 0; i < rows.length; i++) s += column[rows[i]!]!;
  return rows.length ? s / rows.length : Number.NaN;
}

/** CtxRed: the mean over splits whose full context is nonempty of 1 − Σ|C_t| / Σ|C_t^full|, in order; null when none is. */
function ctxReduction(selected: Float64Array, full: Float64Array, rows: Int32Array): number | null {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    const f = full[rows[i]!]!;
    if (f > 0) {
      sum += 1 - selected[rows[i]!]! / f;
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
let gathered = Array.from({ length: 4 }, () => new Float64Array(0));

/** summarizeCell over a cell's columns (the protocol's form). */
export function summarizeSplitCell(method: string, alpha: number, cell: SplitCell, calibrated: boolean): SummaryRow {
  const size = cell.row.length;
  const M = cell.metrics;
  // exactly sized: a subarray view per column was most of a summary's garbage
  if (gathered[0]!.length !== size) gathered = gathered.map(() => new Float64Array(size));
  let next = 0;
  const column = (c: Float64Array) => cellColumn(cell, c, gathered[next++]!);
  const loss = column(M.loss);
  const inter = column(M.intervention);
  const util = column(M.utility);
  // feasible splits' λ̂ gathered with their range in one loop (filter and Math.min(...) on a typed array cost ~60 µs a cell)
  const lambdas = gathered[next++]!;
  let feasible = 0;
  let found = 0;
  let lambdaMin = Infinity;
  let lambdaMax = -Infinity;
  for (let i = 0; i < size; i++) {
    if (cell.lambdaIndex[i]! >= 0) feasible++;
    const l = cell.lambdaHat[i]!;
    if (Number.isNaN(l)) continue;
    lambdas[found++] = l;
    if (l < lambdaMin) lambdaMin = l;
    if (l > lambdaMax) lambdaMax = l;
  }
  const [lossP5, lossP95] = empiricalQuantiles(loss, [0.05, 0.95]) as [number, number];
  const [interP5, interP95] = empiricalQuantiles(inter, [0.05, 0.95]) as [number, number];
  const [utilP5, utilP95] = empiricalQuantiles(util, [0.05, 0.95]) as [number, number];
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
    stepRate: meanAt(M.stepRate, cell.row),
    ctxRed: calibrated ? ctxReduction(M.ctxSelected, M.ctxFull, cell.row) : null,
    harmStop: nullableMeanAt(M.harmStop, cell.row),
    benignStop: nullableMeanAt(M.benignStop, cell.row),
    lambdaMin: calibrated && found ? lambdaMin : null,
    lambdaMedian: calibrated && found ? empiricalQuantile(found === size ? lambdas : lambdas.subarray(0, found), 0.5) : null,
    lambdaMax: calibrated && found ? lambdaMax : null,
  };
}

/** Whether two split columns list the same splits in the same order. */
function sameSplits(a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Difference buffers of pairedSplitDiff, reused by every call (the frontier pairs ~10³ cells). */
let differences = Array.from({ length: 3 }, () => new Float64Array(0));

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
  const refAt = sameSplits(cell.split, refCell.split) ? null : new Map(Array.from(refCell.split, (s, i) => [s, refCell.row[i]!]));
  const size = cell.split.length;
  if (differences[0]!.length !== size) differences = differences.map(() => new Float64Array(size));
  const [dl, di, du] = differences as [Float64Array, Float64Array, Float64Array];
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
