import type { SplitResult, SummaryRow } from './types.ts';
import { empiricalQuantile, spreadInto } from './quantiles.ts';
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

/** Splits with a feasible λ̂ (index ≥ 0). */
function countFeasible(lambdaIndex: Int32Array): number {
  let count = 0;
  for (let i = 0; i < lambdaIndex.length; i++) if (lambdaIndex[i]! >= 0) count++;
  return count;
}

/** Smallest and largest λ̂ of the last feasibleLambdas call. */
const lambdaRange = new Float64Array(2);

/**
 * The λ̂ that are not NaN (feasible splits), in order, into `out`; their count, their range into
 * lambdaRange (one loop: filter and Math.min(...) on a typed array cost ~60 µs a cell).
 */
function feasibleLambdas(lambdaHat: Float64Array, out: Float64Array): number {
  let found = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < lambdaHat.length; i++) {
    const l = lambdaHat[i]!;
    if (Number.isNaN(l)) continue;
    out[found++] = l;
    if (l < min) min = l;
    if (l > max) max = l;
  }
  lambdaRange[0] = min;
  lambdaRange[1] = max;
  return found;
}

/** Mean, p5 and p95 of the three summarized columns (spreadInto), reused by every call. */
const spreads = Array.from({ length: 3 }, () => new Float64Array(3)) as [Float64Array, Float64Array, Float64Array];

/** spreadInto of a row's loss, intervention and utility columns (or their differences), into `spreads`. */
function spreadsOf(loss: Float64Array, intervention: Float64Array, utility: Float64Array): typeof spreads {
  spreadInto(loss, spreads[0]);
  spreadInto(intervention, spreads[1]);
  spreadInto(utility, spreads[2]);
  return spreads;
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
  const lambdas = gathered[next++]!;
  const found = feasibleLambdas(cell.lambdaHat, lambdas);
  const [l, i, u] = spreadsOf(loss, inter, util);
  return {
    method,
    alpha,
    splits: size,
    feasible: countFeasible(cell.lambdaIndex),
    meanLoss: l[0]!,
    lossP5: l[1]!,
    lossP95: l[2]!,
    intervention: i[0]!,
    interventionP5: i[1]!,
    interventionP95: i[2]!,
    utility: u[0]!,
    utilityP5: u[1]!,
    utilityP95: u[2]!,
    stepRate: meanAt(M.stepRate, cell.row),
    ctxRed: calibrated ? ctxReduction(M.ctxSelected, M.ctxFull, cell.row) : null,
    harmStop: nullableMeanAt(M.harmStop, cell.row),
    benignStop: nullableMeanAt(M.benignStop, cell.row),
    lambdaMin: calibrated && found ? lambdaRange[0]! : null,
    lambdaMedian: calibrated && found ? empiricalQuantile(found === size ? lambdas : lambdas.subarray(0, found), 0.5) : null,
    lambdaMax: calibrated && found ? lambdaRange[1]! : null,
  };
}

/** Whether two split columns list the same splits in the same order. */
function sameSplits(a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The reference cell's row for each split of `cell`, in cell order. */
function alignedRows(cell: SplitCell, refCell: SplitCell, method: string, reference: string): Int32Array {
  const refAt = new Map(Array.from(refCell.split, (s, i) => [s, refCell.row[i]!]));
  return Int32Array.from(cell.split, (s) => {
    const b = refAt.get(s);
    if (b === undefined) throw new Error(`paired differences: split ${s} of ${method} has no ${reference} result; expected shared splits`);
    return b;
  });
}

/** out[i] = a[rowsA[i]] − b[rowsB[i]] (a leaf loop: V8 optimizes it within one protocol run). */
function differenceInto(out: Float64Array, a: Float64Array, rowsA: Int32Array, b: Float64Array, rowsB: Int32Array): void {
  for (let i = 0; i < rowsA.length; i++) out[i] = a[rowsA[i]!]! - b[rowsB[i]!]!;
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
  // the protocol's cells list the same splits in the same order: then the reference's rows are its own
  const refRows = sameSplits(cell.split, refCell.split) ? refCell.row : alignedRows(cell, refCell, method, reference);
  const size = cell.split.length;
  if (differences[0]!.length !== size) differences = differences.map(() => new Float64Array(size));
  const [dl, di, du] = differences as [Float64Array, Float64Array, Float64Array];
  const M = cell.metrics;
  const R = refCell.metrics;
  differenceInto(dl, M.loss, cell.row, R.loss, refRows);
  differenceInto(di, M.intervention, cell.row, R.intervention, refRows);
  differenceInto(du, M.utility, cell.row, R.utility, refRows);
  const [l, i, u] = spreadsOf(dl, di, du);
  return {
    method,
    reference,
    alpha,
    splits: size,
    dLoss: l[0]!,
    dLossP5: l[1]!,
    dLossP95: l[2]!,
    dIntervention: i[0]!,
    dInterventionP5: i[1]!,
    dInterventionP95: i[2]!,
    dUtility: u[0]!,
    dUtilityP5: u[1]!,
    dUtilityP95: u[2]!,
  };
}
