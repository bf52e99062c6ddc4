import type { SplitResult, SummaryRow } from './types.ts';
import { empiricalQuantile, spreadInto } from './quantiles.ts';
import type { MetricRows } from './metricRows.ts';
import { cellOfRows, type SplitCell } from './splitCell.ts';
import { medianOfLambdas } from './medianOfLambdas.ts';

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

/**
 * The sums of a summary's plain means over a cell's splits, filled by gatherCell: the step rate; CtxRed's
 * 1 − Σ|C_t| / Σ|C_t^full| over the splits whose full context is nonempty, and their count; the harm and
 * the benign stop rates over the splits where they are not null (NaN), and their counts.
 */
const sums = new Float64Array(7);

/**
 * One pass over a cell's splits: its loss, intervention and utility gathered into the three columns
 * given, and the sums of its plain means into `sums`, each added in split order (as a loop of its own
 * adds them, so the same doubles); a pass per figure read the cell's rows six times (issue 26).
 */
function gatherCell(cell: SplitCell, loss: Float64Array, intervention: Float64Array, utility: Float64Array): void {
  const rows = cell.row;
  const M = cell.metrics;
  const { stepRate, ctxSelected, ctxFull, harmStop, benignStop } = M;
  let step = 0;
  let ctx = 0;
  let ctxCount = 0;
  let harm = 0;
  let harmCount = 0;
  let benign = 0;
  let benignCount = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    loss[i] = M.loss[r]!;
    intervention[i] = M.intervention[r]!;
    utility[i] = M.utility[r]!;
    step += stepRate[r]!;
    const full = ctxFull[r]!;
    if (full > 0) {
      ctx += 1 - ctxSelected[r]! / full;
      ctxCount++;
    }
    const h = harmStop[r]!;
    if (!Number.isNaN(h)) {
      harm += h;
      harmCount++;
    }
    const b = benignStop[r]!;
    if (!Number.isNaN(b)) {
      benign += b;
      benignCount++;
    }
  }
  sums[0] = step;
  sums[1] = ctx;
  sums[2] = ctxCount;
  sums[3] = harm;
  sums[4] = harmCount;
  sums[5] = benign;
  sums[6] = benignCount;
}

/**
 * One SummaryRow from a method's split results at one α. Infeasible splits stay in every
 * average (evaluated at stop-all); λ̂ ranges use feasible splits only.
 */
export function summarizeCell(method: string, alpha: number, rows: readonly SplitResult[], calibrated: boolean): SummaryRow {
  return summarizeSplitCell(method, alpha, cellOfRows(rows), calibrated);
}

/** Smallest and largest λ̂ and the feasible splits (λ̂ index ≥ 0) of the last feasibleLambdas call. */
const lambdaRange = new Float64Array(3);

/**
 * The count of the λ̂ that are not NaN (feasible splits); their range and the count of feasible
 * indices into lambdaRange (one loop: filter and Math.min(...) on a typed array cost ~60 µs a cell).
 */
function feasibleLambdas(cell: SplitCell): number {
  const { lambdaHat, lambdaIndex } = cell;
  let found = 0;
  let feasible = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < lambdaHat.length; i++) {
    if (lambdaIndex[i]! >= 0) feasible++;
    const l = lambdaHat[i]!;
    if (Number.isNaN(l)) continue;
    found++;
    if (l < min) min = l;
    if (l > max) max = l;
  }
  lambdaRange[0] = min;
  lambdaRange[1] = max;
  lambdaRange[2] = feasible;
  return found;
}

/**
 * The median of a cell's `found` feasible λ̂ by a selection over them (gathered into `out`): for a cell
 * medianOfLambdas declines, so the gather is paid only there.
 */
function selectedLambdaMedian(cell: SplitCell, found: number, out: Float64Array): number {
  const { lambdaHat } = cell;
  let k = 0;
  for (let i = 0; i < lambdaHat.length; i++) if (!Number.isNaN(lambdaHat[i]!)) out[k++] = lambdaHat[i]!;
  return empiricalQuantile(found === out.length ? out : out.subarray(0, found), 0.5);
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
  // exactly sized: a subarray view per column was most of a summary's garbage
  if (gathered[0]!.length !== size) gathered = gathered.map(() => new Float64Array(size));
  const [loss, inter, util, lambdas] = gathered as [Float64Array, Float64Array, Float64Array, Float64Array];
  gatherCell(cell, loss, inter, util);
  const found = feasibleLambdas(cell);
  const [l, i, u] = spreadsOf(loss, inter, util);
  return {
    method,
    alpha,
    splits: size,
    feasible: lambdaRange[2]!,
    meanLoss: l[0]!,
    lossP5: l[1]!,
    lossP95: l[2]!,
    intervention: i[0]!,
    interventionP5: i[1]!,
    interventionP95: i[2]!,
    utility: u[0]!,
    utilityP5: u[1]!,
    utilityP95: u[2]!,
    stepRate: size ? sums[0]! / size : Number.NaN,
    ctxRed: calibrated && sums[2] ? sums[1]! / sums[2] : null,
    harmStop: sums[4] ? sums[3]! / sums[4] : null,
    benignStop: sums[6] ? sums[5]! / sums[6] : null,
    lambdaMin: calibrated && found ? lambdaRange[0]! : null,
    lambdaMedian: calibrated && found ? (medianOfLambdas(cell, found) ?? selectedLambdaMedian(cell, found, lambdas)) : null,
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

/** The loss, intervention and utility differences cell − reference per split, in one pass (rows aligned by split). */
function differencesInto(
  dl: Float64Array,
  di: Float64Array,
  du: Float64Array,
  M: MetricRows,
  rows: Int32Array,
  R: MetricRows,
  refRows: Int32Array,
): void {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const q = refRows[i]!;
    dl[i] = M.loss[r]! - R.loss[q]!;
    di[i] = M.intervention[r]! - R.intervention[q]!;
    du[i] = M.utility[r]! - R.utility[q]!;
  }
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
  differencesInto(dl, di, du, cell.metrics, cell.row, refCell.metrics, refRows);
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
