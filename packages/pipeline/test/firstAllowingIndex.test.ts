import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { doubleScore, exactScore, exceedsGridValue, firstAllowingIndex, gridSize, type GridConfig } from '../src/index.ts';

const DENOMINATORS = [1, 3, 7, 10, 100, 1000];
const gridOf = (d: number): GridConfig => ({ bottom: -1, denominator: d });

/**
 * x > k/d for a finite double x, decided on x's exact decimal expansion (toFixed(100) is
 * exact for every double of magnitude ≥ 2^-47) rather than on its bits.
 */
function doubleAbove(x: number, k: number, d: number): boolean {
  if (k === 0 || Math.abs(x) < 2 ** -40) return x > k / d; // k/d = 0, or x far below any k/d with k ≥ 1, d ≤ 1000
  const [whole, frac] = x.toFixed(100).replace('-', '').split('.');
  const n = BigInt(whole! + frac!) * (x < 0 ? -1n : 1n);
  return n * BigInt(d) > BigInt(k) * 10n ** 100n;
}

/** Smallest g with q ≤ λ_g (G when none), bisecting the monotone predicate `q > λ_g` (index 0 = λ⊥ = −1). */
function literalIndex(above: (g: number) => boolean, G: number): number {
  let lo = 0;
  let hi = G;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (above(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const nextUp = (x: number): number => {
  const b = new DataView(new ArrayBuffer(8));
  if (x === 0) return Number.MIN_VALUE;
  b.setFloat64(0, x);
  b.setBigInt64(0, b.getBigInt64(0) + (x > 0 ? 1n : -1n));
  return b.getFloat64(0);
};
const nextDown = (x: number): number => -nextUp(-x);

describe('firstAllowingIndex decides q ≤ λ_g exactly', () => {
  it('every integer score s/L on [0, 1]: index is the smallest g with s·d ≤ (g − 1)·L', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const d of DENOMINATORS) {
      const grid = gridOf(d);
      for (const L of [1, 10, 100, 1000, 10_000]) {
        let g = 1;
        for (let s = 0; s <= L; s++) {
          while (s * d > (g - 1) * L) g++; // the answer only grows with s
          const q = exactScore(s, L);
          const got = firstAllowingIndex(grid, q);
          // exceedsGridValue is Algorithm 1's own test: stop below g, allow at g
          const literal = exceedsGridValue(grid, q, 0) && (g === 1 || exceedsGridValue(grid, q, g - 1)) && !exceedsGridValue(grid, q, g);
          if (got !== g || !literal) wrong.push(`s=${s} L=${L} d=${d}: ${got}, expected ${g}`);
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(6 * (2 + 11 + 101 + 1001 + 10_001));
  });

  it('doubles at and one ulp either side of every grid value', () => {
    const wrong: string[] = [];
    for (const d of DENOMINATORS) {
      const grid = gridOf(d);
      const G = gridSize(grid);
      for (let k = 0; k <= d; k++) {
        const at = k / d;
        for (const x of [nextDown(at), at, nextUp(at)]) {
          const expected = literalIndex((g) => (g === 0 ? x > -1 : doubleAbove(x, g - 1, d)), G);
          const got = firstAllowingIndex(grid, doubleScore(x));
          if (got !== expected) wrong.push(`d=${d} x=${x}: ${got}, expected ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a grid value that is not a double: 1/3 is allowed at λ = 1/3, its nearest double below is too, the one above is not', () => {
    const grid = gridOf(3);
    const third = 1 / 3; // 0.333…3148… < 1/3
    expect(firstAllowingIndex(grid, doubleScore(third))).toBe(2);
    expect(firstAllowingIndex(grid, doubleScore(nextUp(third)))).toBe(3);
    expect(firstAllowingIndex(grid, exactScore(1, 3))).toBe(2);
    // 0.58 is 0.57999…96 as a double: allowed at λ = .58, while the exact score 58/100 is allowed there too
    expect(firstAllowingIndex(gridOf(100), doubleScore(0.58))).toBe(59);
    expect(firstAllowingIndex(gridOf(100), doubleScore(nextUp(0.58)))).toBe(60);
    // 0.07 as a double is 0.0700…067 > 7/100: a double score stops at λ = .07 (the float test 0.07 > 0.07 allowed it)
    expect(firstAllowingIndex(gridOf(100), doubleScore(0.07))).toBe(9);
    expect(firstAllowingIndex(gridOf(100), exactScore(7, 100))).toBe(8);
  });

  it('λ⊥ and the ends of the grid', () => {
    const grid = gridOf(100);
    expect(firstAllowingIndex(grid, doubleScore(-1))).toBe(0);
    expect(firstAllowingIndex(grid, doubleScore(nextUp(-1)))).toBe(1);
    expect(firstAllowingIndex(grid, doubleScore(-0))).toBe(1);
    expect(firstAllowingIndex(grid, doubleScore(1))).toBe(101);
    expect(firstAllowingIndex(grid, doubleScore(nextUp(1)))).toBe(102);
    expect(() => firstAllowingIndex(grid, doubleScore(Number.NaN))).toThrow('expected a finite number, found NaN');
  });

  it('random doubles and random exact scores (fixed seed) agree with the literal scan', () => {
    fc.assert(
      fc.property(fc.double({ min: -1.5, max: 1.5, noNaN: true }), fc.constantFrom(...DENOMINATORS), (x, d) => {
        const G = d + 2;
        const expected = literalIndex((g) => (g === 0 ? x > -1 : doubleAbove(x, g - 1, d)), G);
        expect(firstAllowingIndex(gridOf(d), doubleScore(x))).toBe(expected);
      }),
      { seed: 20261201, numRuns: 2000 },
    );
    fc.assert(
      // L up to 10^15 with d = 1000 leaves the safe-integer range: the BigInt path
      fc.property(fc.integer({ min: 0, max: 15 }), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.constantFrom(...DENOMINATORS), (p, r, d) => {
        const L = 10 ** p;
        const s = Number(r % BigInt(L + 1));
        const above = (g: number) => g === 0 || BigInt(s) * BigInt(d) > BigInt(g - 1) * BigInt(L);
        const expected = literalIndex(above, d + 2);
        expect(firstAllowingIndex(gridOf(d), exactScore(s, L))).toBe(expected);
        for (const g of [expected - 1, expected])
          if (g >= 0 && g < d + 2) expect(exceedsGridValue(gridOf(d), exactScore(s, L), g)).toBe(above(g));
      }),
      { seed: 20261201, numRuns: 2000 },
    );
  });
});
