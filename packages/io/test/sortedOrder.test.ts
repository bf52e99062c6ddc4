import { describe, expect, it } from 'vitest';
import { MAX_MERGED_RUNS, ascendingRuns, seededRandom, sortedOrder } from '../src/index.ts';

// The order written out: a comparison sort of the positions, equal values by `tie`, else by position.
function reference(values: readonly string[], tie?: (a: number, b: number) => number): number[] {
  return values.map((_, i) => i).sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : tie ? tie(a, b) : a - b));
}

describe('ascendingRuns', () => {
  it('gives where each strictly ascending run starts, or null past the limit', () => {
    expect(ascendingRuns([], 3)).toEqual([]);
    expect(ascendingRuns(['a', 'b', 'c'], 1)).toEqual([0]);
    expect(ascendingRuns(['gb-9998', 'gb-9999', 'gb-10000', 'gb-10001', 'gb-100000'], 3)).toEqual([0, 2, 4]);
    expect(ascendingRuns(['a', 'a', 'b'], 3)).toEqual([0, 1]);
    expect(ascendingRuns(['c', 'b', 'a'], 2)).toBeNull();
  });
});

describe('sortedOrder', () => {
  const gb = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `gb-${String(from + i).padStart(4, '0')}`);
  const cases: Record<string, string[]> = {
    empty: [],
    one: ['x'],
    'in order': gb(0, 50),
    // graph-braid ids past gb-9999: three runs
    'ids numbered past their padding': [...gb(9990, 10010), ...gb(99990, 100010)],
    'reversed (one run per value, sorted)': gb(0, 40).reverse(),
    'exactly the runs merged': Array.from({ length: MAX_MERGED_RUNS }, (_, r) => [`b${r}`, `a${r}`]).flat(),
    'one run more than merged': Array.from({ length: MAX_MERGED_RUNS + 1 }, (_, r) => [`b${r}`, `a${r}`]).flat(),
    'equal values in different runs': ['b', 'c', 'a', 'b', 'c', 'a', 'c'],
  };
  for (const [name, values] of Object.entries(cases))
    it(`${name}: the positions a comparison sort gives`, () => {
      expect(Array.from(sortedOrder(values))).toEqual(reference(values));
    });

  it('breaks ties by `tie`, in merged runs as in a sort', () => {
    const values = ['a', 'b', 'c', 'a', 'b', 'c', 'a'];
    const rank = [5, 1, 3, 0, 4, 2, 6];
    const tie = (a: number, b: number) => rank[a]! - rank[b]!;
    expect(ascendingRuns(values, MAX_MERGED_RUNS)).toEqual([0, 3, 6]);
    expect(Array.from(sortedOrder(values, tie))).toEqual(reference(values, tie));
    expect(Array.from(sortedOrder(values, tie))).toEqual([3, 0, 6, 1, 4, 5, 2]);
  });

  it('on 300 seeded random lists (few runs, many runs, repeats) equals the comparison sort', () => {
    const rng = seededRandom('sortedOrder');
    const int = (k: number) => Math.floor(rng() * k);
    for (let c = 0; c < 300; c++) {
      const runs = 1 + int(2 * MAX_MERGED_RUNS);
      const values = Array.from({ length: runs }, () => Array.from({ length: int(20) }, () => `v${int(60)}`).sort()).flat();
      const tie = c % 3 === 0 ? (a: number, b: number) => b - a : undefined;
      expect(Array.from(sortedOrder(values, tie))).toEqual(reference(values, tie));
    }
  });
});
