import { MetricRows } from './metricRows.ts';
import type { SplitResult } from './types.ts';

/**
 * One method × α cell of the protocol as columns over its splits (in split order): the row of
 * `metrics` holding each split's held-out metrics (one row per method, split and grid index, shared
 * by every α whose λ̂ is that index on that split), the selected grid index and λ̂. A frontier has
 * ~10⁵ method × α × split results; as columns they cost no object each (issue 26), and SplitResult
 * rows are built only for the budgets written to disk.
 */
export interface SplitCell {
  split: Int32Array;
  lambdaIndex: Int32Array;
  /** λ̂ per split, NaN where infeasible (null in the rows). */
  lambdaHat: Float64Array;
  /** Per split: its row in `metrics`. */
  row: Int32Array;
  metrics: MetricRows;
}

/** Column buffers of one method's cells, kept by the caller across protocol runs (see emptyCells). */
export interface CellBuffers {
  lambdaIndex: Int32Array;
  lambdaHat: Float64Array;
  row: Int32Array;
}

/**
 * One method's cells, one per budget, over `metrics`: views of one buffer per column and one split
 * column shared by all (the frontier has ~10³ cells; no typed array each). The buffers are `reuse`'s
 * when large enough (the caller writes every entry before reading it), so repeated runs (strata,
 * sweep conditions) touch no fresh memory; the buffers used are returned for the next run.
 */
export function emptyCells(
  budgets: number,
  split: Int32Array,
  metrics: MetricRows,
  reuse: CellBuffers | null = null,
): { cells: SplitCell[]; buffers: CellBuffers } {
  const size = split.length;
  const length = budgets * size;
  const buffers =
    reuse && reuse.row.length >= length
      ? reuse
      : { lambdaIndex: new Int32Array(length), lambdaHat: new Float64Array(length), row: new Int32Array(length) };
  const cells = Array.from({ length: budgets }, (_, a) => ({
    split,
    lambdaIndex: buffers.lambdaIndex.subarray(a * size, (a + 1) * size),
    lambdaHat: buffers.lambdaHat.subarray(a * size, (a + 1) * size),
    row: buffers.row.subarray(a * size, (a + 1) * size),
    metrics,
  }));
  return { cells, buffers };
}

/** The columns of split results given as rows (one method at one α). */
export function cellOfRows(rows: readonly SplitResult[]): SplitCell {
  return {
    split: Int32Array.from(rows, (r) => r.split),
    lambdaIndex: Int32Array.from(rows, (r) => r.lambdaIndex),
    lambdaHat: Float64Array.from(rows, (r) => r.lambdaHat ?? Number.NaN),
    row: Int32Array.from(rows, (_, i) => i),
    metrics: MetricRows.of(rows),
  };
}

/**
 * Whether two cells of one method hold the same λ̂ and the same metrics on every split: past the
 * frontier's knee neighbouring budgets select the same λ̂, and their summaries differ only in α.
 */
export function sameCell(a: SplitCell, b: SplitCell): boolean {
  if (a.split.length !== b.split.length || a.metrics !== b.metrics) return false;
  // the protocol's cells share one split column
  const sameSplits = a.split === b.split;
  for (let i = 0; i < a.split.length; i++) {
    if (a.row[i] !== b.row[i] || a.lambdaIndex[i] !== b.lambdaIndex[i] || (!sameSplits && a.split[i] !== b.split[i])) return false;
  }
  return true;
}
