import { describe, expect, it } from 'vitest';
import { stepGrid, sumStepGrid } from '../src/stepGrid.ts';
import type { StepPieces } from '../src/stepPieces.ts';
import { mulberry32 } from './helpers/tableBuilder.ts';

/** Random step functions over G grid indices: per episode 0 … 3 pieces with values from `values`. */
function randomPieces(n: number, G: number, values: readonly number[], seed: number): StepPieces {
  const r = mulberry32(seed);
  const offset = new Int32Array(n + 1);
  const from: number[] = [];
  const value: number[] = [];
  for (let e = 0; e < n; e++) {
    const count = Math.floor(r() * 4);
    let g = Math.floor(r() * G);
    for (let k = 0; k < count && g < G; k++) {
      from.push(g);
      value.push(values[Math.floor(r() * values.length)]!);
      g += 1 + Math.floor(r() * 5);
    }
    offset[e + 1] = from.length;
  }
  return { offset, from: Int32Array.from(from), value: Float64Array.from(value) };
}

/** The fold's sum at g, added in subset order from the pieces read one by one (the row-by-row order). */
function orderedSum(p: StepPieces, subset: Int32Array, g: number, divisor: number): number {
  let s = 0;
  for (const e of subset) {
    let v = 0;
    for (let k = p.offset[e]!; k < p.offset[e + 1]!; k++) if (p.from[k]! <= g) v = p.value[k]! / divisor;
    s += v;
  }
  return s;
}

describe('stepGrid sums', () => {
  const G = 40;
  const n = 300;
  it('equal the ordered sum at every wanted g, bit for bit, with 1-byte and 2-byte codes, any divisor and pieces of 0', () => {
    const few = [1, 1 / 2, 1 / 3, 1 / 7, 0.1];
    const many = Array.from({ length: 700 }, (_, i) => 1 / (i + 1));
    let checked = 0;
    // a piece of 0 (after a nonzero one) means an episode can add 0 above an index where it adds more:
    // then no episode is dropped for adding 0 at a group's top index
    const withZero = [1, 0, -0.5, 1 / 3];
    for (const [values, divisor, bytes, zeroBelowFirst] of [
      [few, 1, 1, true],
      [few, 5, 1, true],
      [many, 1, 2, true],
      [withZero, 1, 1, false],
    ] as const) {
      const pieces = randomPieces(n, G, values, 3 + bytes + divisor + values.length);
      const grid = stepGrid(pieces, n, G, divisor)!;
      expect(grid.codes.BYTES_PER_ELEMENT).toBe(bytes);
      expect(grid.zeroBelowFirst).toBe(zeroBelowFirst);
      const r = mulberry32(17);
      for (let trial = 0; trial < 30; trial++) {
        // a random fold in random order, and 1 … 9 ascending wanted indices (groups of 4 and a remainder)
        const subset = Int32Array.from({ length: n }, (_, e) => e)
          .filter(() => r() < 0.5)
          .sort(() => r() - 0.5);
        const wanted = Int32Array.from(new Set(Array.from({ length: 1 + Math.floor(r() * 9) }, () => Math.floor(r() * G)))).sort();
        const out = new Float64Array(G);
        sumStepGrid(grid, subset, subset.length, wanted, wanted.length, out);
        for (let g = 0; g < G; g++) {
          const expected = wanted.includes(g) ? orderedSum(pieces, subset, g, divisor) : 0;
          expect(Object.is(out[g], expected)).toBe(true);
          if (wanted.includes(g)) checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('declines a value of −0 and a table over its size, so the pieces are walked instead', () => {
    const pieces = randomPieces(50, G, [1, -0], 5);
    expect(stepGrid(pieces, 50, G, 1)).toBeNull();
    const large = randomPieces(60_000, 100, [1], 6);
    expect(stepGrid(large, 60_000, 100, 1)).toBeNull();
  });
});
