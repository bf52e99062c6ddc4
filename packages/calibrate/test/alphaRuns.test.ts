import { describe, expect, it } from 'vitest';
import { AlphaRuns } from '../src/alphaRuns.ts';
import { MetricRows } from '../src/metricRows.ts';
import { emptyCells } from '../src/splitCell.ts';
import { mulberry32 } from './helpers/tableBuilder.ts';

describe('AlphaRuns', () => {
  const G = 12;
  const lambdaValues = Float64Array.from({ length: G }, (_, g) => g / (G - 1));

  // per split, λ̂ per budget: nondecreasing (ascending budgets, as the frontier's) or in any order, −1 infeasible
  for (const ordered of [true, false])
    it(`fill every budget's cell with the λ̂, λ value and row of each split, as a write per budget and split does (${ordered ? 'ascending' : 'unordered'} budgets)`, () => {
      const r = mulberry32(ordered ? 3 : 4);
      const S = 30;
      const A = 25;
      const indices = Array.from({ length: S }, () => {
        const row = Array.from({ length: A }, () => Math.floor(r() * (G + 1)) - 1);
        if (ordered) row.sort((x, y) => x - y);
        // a few budgets repeat the one before on every split (still in order): their cells are shared
        for (const a of [5, 6, 12]) row[a] = row[a - 1]!;
        return row;
      });
      const rowOf = (s: number, g: number) => s * (G + 1) + g + 1;
      const split = Int32Array.from({ length: S }, (_, s) => s);
      const runs = new AlphaRuns(S, A);
      indices.forEach((row, s) => {
        row.forEach((g, a) => {
          if (a === 0 || g !== row[a - 1]) runs.push(a, g, rowOf(s, g));
        });
        runs.endSplit(s);
      });
      const { cells } = emptyCells(A, split, new MetricRows(1));
      runs.fillCells(cells, lambdaValues);
      for (let a = 0; a < A; a++) {
        const changes = indices.some((row) => a > 0 && row[a] !== row[a - 1]);
        if (a > 0) expect(cells[a] === cells[a - 1]).toBe(!changes);
        for (let s = 0; s < S; s++) {
          const g = indices[s]![a]!;
          expect([cells[a]!.lambdaIndex[s], cells[a]!.row[s]]).toEqual([g, rowOf(s, g)]);
          expect(Object.is(cells[a]!.lambdaHat[s], g < 0 ? Number.NaN : lambdaValues[g])).toBe(true);
        }
      }
      expect(cells[5]).toBe(cells[4]);
      expect(cells[12]).toBe(cells[11]);
    });

  it('grow past their first capacity (16 runs per split)', () => {
    const S = 3;
    const A = 40;
    const runs = new AlphaRuns(S, A);
    for (let s = 0; s < S; s++) {
      for (let a = 0; a < A; a++) runs.push(a, a % G, 100 * s + a);
      runs.endSplit(s);
    }
    const { cells } = emptyCells(A, Int32Array.of(0, 1, 2), new MetricRows(1));
    runs.fillCells(cells, lambdaValues);
    expect(Array.from(cells[A - 1]!.row)).toEqual([A - 1, 100 + A - 1, 200 + A - 1]);
    expect(Array.from(cells[17]!.lambdaIndex)).toEqual([17 % G, 17 % G, 17 % G]);
  });
});
