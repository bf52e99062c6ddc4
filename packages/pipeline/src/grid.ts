import { ceilRational, compareRational, decimalRational, type Rational } from './rational.ts';
import { scoreExceeds, scoreRational, type Score } from './score.ts';
import type { GridConfig } from './types.ts';

/** Number of grid points: λ⊥ plus 0, 1/d, ..., 1 (102 for d = 100). */
export function gridSize(grid: GridConfig): number {
  return grid.denominator + 2;
}

/** Threshold value of grid index g (0 → λ⊥), as the nearest double: for reports only. */
export function gridValue(grid: GridConfig, g: number): number {
  return g === 0 ? grid.bottom : (g - 1) / grid.denominator;
}

/** Exact threshold λ_g: (g − 1)/d for g ≥ 1, λ⊥ read as the decimal it is written as. */
export function gridRational(grid: GridConfig, g: number): Rational {
  if (g === 0) return decimalRational(grid.bottom);
  return { num: BigInt(g - 1), den: BigInt(grid.denominator) };
}

/** Algorithm 1's stopping test `q > λ_g`, decided exactly. */
export function exceedsGridValue(grid: GridConfig, q: Score, g: number): boolean {
  if (g > 0 && q.kind === 'exact') {
    // s/L > (g − 1)/d ⇔ s·d > (g − 1)·L; a product that comes out a safe integer was computed exactly
    const l = q.units * grid.denominator;
    const r = (g - 1) * q.denominator;
    if (Number.isSafeInteger(l) && Number.isSafeInteger(r)) return l > r;
  }
  return scoreExceeds(q, gridRational(grid, g));
}

/**
 * Smallest grid index whose threshold allows a proposal with score q (q ≤ λ_g), or
 * gridSize when none does; the same exact comparison as exceedsGridValue. For g ≥ 1,
 * q ≤ (g − 1)/d ⇔ g − 1 ≥ q·d, so the index is ⌈q·d⌉ + 1 computed in integers.
 */
export function firstAllowingIndex(grid: GridConfig, q: Score): number {
  const d = grid.denominator;
  if (q.kind === 'exact' && q.units >= 0 && grid.bottom < 0) {
    const p = q.units * d;
    const L = q.denominator;
    if (Number.isSafeInteger(p + L)) {
      // ⌈p/L⌉ from the float quotient, corrected in exact integer products (all ≤ p + L)
      let k = Math.ceil(p / L);
      while (k > 0 && (k - 1) * L >= p) k--;
      while (k * L < p) k++;
      return k > d ? gridSize(grid) : k + 1;
    }
  }
  const r = scoreRational(q);
  if (compareRational(r, gridRational(grid, 0)) <= 0) return 0;
  const k = ceilRational({ num: r.num * BigInt(d), den: r.den });
  return k < 0n ? 1 : k > BigInt(d) ? gridSize(grid) : Number(k) + 1;
}
