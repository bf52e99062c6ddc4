import type { HeldOutMetrics } from './heldOutCurves.ts';
import type { SplitResult } from './types.ts';

/**
 * One method × α cell of the protocol as columns over its splits (in split order): the held-out
 * metrics (objects shared by every α whose λ̂ is the same grid index on that split), the selected
 * grid index and λ̂. A frontier has ~10⁵ method × α × split results; as columns they cost no
 * object each (issue 26), and SplitResult rows are built only for the budgets written to disk.
 */
export interface SplitCell {
  split: number[];
  lambdaIndex: number[];
  lambdaHat: Array<number | null>;
  metrics: HeldOutMetrics[];
}

/** An empty cell to push a method's splits into. */
export function emptyCell(): SplitCell {
  return { split: [], lambdaIndex: [], lambdaHat: [], metrics: [] };
}

/** The columns of split results given as rows (one method at one α). */
export function cellOfRows(rows: readonly SplitResult[]): SplitCell {
  return {
    split: rows.map((r) => r.split),
    lambdaIndex: rows.map((r) => r.lambdaIndex),
    lambdaHat: rows.map((r) => r.lambdaHat),
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
