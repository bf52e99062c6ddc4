import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { empiricalQuantile } from '../src/index.ts';
import { MetricRows } from '../src/metricRows.ts';
import { medianOfLambdas } from '../src/medianOfLambdas.ts';
import type { SplitCell } from '../src/splitCell.ts';

/** A cell of λ̂ index and value per split (NaN: infeasible, index −1), metrics unused. */
function cell(indices: readonly number[], value: (g: number) => number): SplitCell {
  return {
    split: Int32Array.from(indices, (_, i) => i),
    lambdaIndex: Int32Array.from(indices),
    lambdaHat: Float64Array.from(indices, (g) => (g < 0 ? Number.NaN : value(g))),
    row: new Int32Array(indices.length),
    metrics: new MetricRows(1),
  };
}

/** The selection medianOfLambdas stands in for: R-7 over the feasible λ̂ in split order. */
function selected(c: SplitCell): number {
  return empiricalQuantile(
    Array.from(c.lambdaHat).filter((l) => !Number.isNaN(l)),
    0.5,
  );
}

const feasible = (c: SplitCell) => c.lambdaHat.filter((l) => !Number.isNaN(l)).length;
const grid = (g: number) => g / 101;

describe('medianOfLambdas (the λ̂ median from a count per grid index)', () => {
  it('equals the selection bit for bit on random cells: ties, odd and even counts, infeasible splits', () => {
    const rng = seedrandom('median-of-lambdas');
    for (let trial = 0; trial < 400; trial++) {
      const size = 1 + Math.floor(rng() * 240);
      const span = 1 + Math.floor(rng() * 30);
      const base = Math.floor(rng() * 70);
      const indices = Array.from({ length: size }, () => (rng() < 0.1 ? -1 : base + Math.floor(rng() * span)));
      const c = cell(indices, grid);
      const found = feasible(c);
      if (found === 0) continue;
      expect(Object.is(medianOfLambdas(c, found), selected(c))).toBe(true);
    }
  });

  it('reads ranks ⌊(m − 1)/2⌋ and the next: 1, 2 and 3 splits by hand', () => {
    expect(medianOfLambdas(cell([4], grid), 1)).toBe(4 / 101);
    // (4/101 + 9/101) / 2 as d3 interpolates: x0 + (x1 − x0)·0.5
    expect(medianOfLambdas(cell([9, 4], grid), 2)).toBe(4 / 101 + (9 / 101 - 4 / 101) * 0.5);
    expect(medianOfLambdas(cell([9, -1, 2, 4], grid), 3)).toBe(4 / 101);
  });

  it('declines (null) a cell that breaks its premise, and a call after one is still exact', () => {
    // λ̂ falling as the index rises
    expect(
      medianOfLambdas(
        cell([1, 2, 3], (g) => 1 - g / 10),
        3,
      ),
    ).toBeNull();
    // one index with two λ̂
    const two = cell([5, 5, 6], grid);
    two.lambdaHat[1] = 0.9;
    expect(medianOfLambdas(two, 3)).toBeNull();
    // −0 (a sort and a comparison order it differently from +0)
    expect(
      medianOfLambdas(
        cell([0, 1, 2], (g) => (g === 0 ? -0 : g)),
        3,
      ),
    ).toBeNull();
    // a value without an index
    const orphan = cell([3, 4], grid);
    orphan.lambdaIndex[0] = -1;
    expect(medianOfLambdas(orphan, 2)).toBeNull();
    // the counts those calls left are zeroed: the same indices again give the selection's median
    const again = cell([5, 6, 1, 2, 3, 5], grid);
    expect(medianOfLambdas(again, 6)).toBe(selected(again));
  });
});
