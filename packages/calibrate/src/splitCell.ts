import type { HeldOutMetrics } from './heldOutCurves.ts';
import type { SplitResult } from './types.ts';

/**
 * One method × α cell of the protocol as columns over its splits (in split order): the held-out
 * metrics (objects shared by every α whose λ̂ is the same grid index on that split), the selected
 * grid index and λ̂. A frontier has ~10⁵ method × α × split results; as columns they cost no
 * object each (issue 26), and SplitResult rows are built only for the budgets written to disk.
 */
export interface SplitCell {
  split: Int32Array;
  lambdaIndex: Int32Array;
  /** λ̂ per split, NaN where infeasible (null in the rows). */
  lambdaHat: Float64Array;
  metrics: HeldOutMetrics[];
}

/** A cell of `size` splits, filled by index (typed columns: the frontier has ~10³ cells). */
export function emptyCell(size: number): SplitCell {
  return {
    split: new Int32Array(size),
    lambdaIndex: new Int32Array(size),
    lambdaHat: new Float64Array(size),
    metrics: new Array<HeldOutMetrics>(size),
  };
}

/** The columns of split results given as rows (one method at one α). */
export function cellOfRows(rows: readonly SplitResult[]): SplitCell {
  return {
    split: Int32Array.from(rows, (r) => r.split),
    lambdaIndex: Int32Array.from(rows, (r) => r.lambdaIndex),
    lambdaHat: Float64Array.from(rows, (r) => r.lambdaHat ?? Number.NaN),
    metrics: [...rows],
  };
}

/**
 * Whether two cells of one method hold the same λ̂ and the same metrics on every split: past the
 * frontier's knee neighbouring budgets select the same λ̂, and their summaries differ only in α.
 */
export function sameCell(a: SplitCell, b: SplitCell): boolean {
  if (a.split.length !== b.split.length) return false;
  for (let i = 0; i < a.split.length; i++) {
    if (a.metrics[i] !== b.metrics[i] || a.lambdaIndex[i] !== b.lambdaIndex[i] || a.split[i] !== b.split[i]) return false;
  }
  return true;
}
