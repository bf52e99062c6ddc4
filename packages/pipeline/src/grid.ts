import type { GridConfig } from './types.ts';

/** Number of grid points: λ⊥ plus 0, 1/d, ..., 1 (102 for d = 100). */
export function gridSize(grid: GridConfig): number {
  return grid.denominator + 2;
}

/** Threshold value of grid index g (0 → λ⊥). */
export function gridValue(grid: GridConfig, g: number): number {
  return g === 0 ? grid.bottom : (g - 1) / grid.denominator;
}

/**
 * Smallest grid index whose threshold allows a proposal with score q (q ≤ λ), or
 * gridSize when none does. Uses the same comparison as Algorithm 1 (`q > λ` stops).
 */
export function firstAllowingIndex(grid: GridConfig, q: number): number {
  const n = gridSize(grid);
  if (!(q > grid.bottom)) return 0;
  // scores are finite; start near q·d and correct against gridValue so float ties match the literal rule
  let g = Math.max(1, Math.min(n - 1, Math.floor(q * grid.denominator) + 1));
  while (g > 1 && !(q > gridValue(grid, g - 1))) g--;
  while (g < n && q > gridValue(grid, g)) g++;
  return g;
}
