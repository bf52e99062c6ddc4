import { quantile } from 'd3-array';

/**
 * Empirical p-quantile with linear interpolation between order statistics (R-7, numpy's
 * default "linear"): h = (m − 1)·p, x_⌊h⌋ + (h − ⌊h⌋)(x_⌊h⌋+1 − x_⌊h⌋). d3-array's quantile.
 */
export function empiricalQuantile(values: ArrayLike<number>, p: number): number {
  return quantile(Array.from(values), p) ?? Number.NaN;
}

export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return values.length ? s / values.length : Number.NaN;
}
