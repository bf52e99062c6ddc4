import type { SplitCell } from './splitCell.ts';

/**
 * One method's λ̂ on every split of a protocol run, as runs over its budgets: per split, each budget
 * where λ̂ differs from the budget before (the first one included), with its grid index and metrics
 * row. The frontier's ~10² budgets select ~10 distinct λ̂ per split (issue 26): written as a cell per
 * budget and split, each of those writes landed a budget's column away from the last.
 */
export class AlphaRuns {
  private alpha: Int32Array;
  private index: Int32Array;
  private row: Int32Array;
  private count = 0;
  /** Split k's runs are count positions offset[k] … offset[k + 1] − 1. */
  private readonly offset: Int32Array;
  /** Per budget: 1 where λ̂ differs from the budget before on some split so far. */
  private readonly changed: Uint8Array;

  constructor(
    private readonly splits: number,
    budgets: number,
  ) {
    const capacity = splits * Math.min(budgets, 16);
    this.alpha = new Int32Array(capacity);
    this.index = new Int32Array(capacity);
    this.row = new Int32Array(capacity);
    this.offset = new Int32Array(splits + 1);
    this.changed = new Uint8Array(budgets);
  }

  /** Budget a starts a run on the split being recorded (splits in order 0, 1, …): its grid index and metrics row. */
  push(a: number, g: number, row: number): void {
    if (this.count === this.alpha.length) this.grow();
    this.alpha[this.count] = a;
    this.index[this.count] = g;
    this.row[this.count] = row;
    this.count++;
    if (a > 0) this.changed[a] = 1;
  }

  /** Ends split number `done`. */
  endSplit(done: number): void {
    this.offset[done + 1] = this.count;
  }

  /**
   * Fills the cells (one per budget, over the recorded splits) from the runs: a budget where no
   * split's λ̂ changes gets the cell of the budget before it, the same object; every other budget's
   * columns are written in split order. O(runs + distinct cells · splits).
   */
  fillCells(cells: SplitCell[], lambdaValues: Float64Array): void {
    const { alpha, index, row, offset, changed } = this;
    const cursor = offset.slice(0, this.splits);
    for (let a = 0; a < cells.length; a++) {
      if (a > 0 && !changed[a]) {
        cells[a] = cells[a - 1]!;
        continue;
      }
      const cell = cells[a]!;
      for (let s = 0; s < this.splits; s++) {
        let c = cursor[s]!;
        const end = offset[s + 1]!;
        while (c + 1 < end && alpha[c + 1]! <= a) c++;
        cursor[s] = c;
        const g = index[c]!;
        cell.lambdaIndex[s] = g;
        cell.lambdaHat[s] = g < 0 ? Number.NaN : lambdaValues[g]!;
        cell.row[s] = row[c]!;
      }
    }
  }

  private grow(): void {
    const wider = (a: Int32Array) => {
      const out = new Int32Array(2 * a.length);
      out.set(a);
      return out;
    };
    this.alpha = wider(this.alpha);
    this.index = wider(this.index);
    this.row = wider(this.row);
  }
}
