import { quantileSorted } from 'd3-array';

/**
 * Empirical p-quantile with linear interpolation between order statistics (R-7, numpy's
 * default "linear"): h = (m − 1)·p, x_⌊h⌋ + (h − ⌊h⌋)(x_⌊h⌋+1 − x_⌊h⌋). d3-array's quantile.
 */
export function empiricalQuantile(values: ArrayLike<number>, p: number): number {
  return empiricalQuantiles(values, [p])[0]!;
}

/** Several R-7 quantiles of the same values, sorting them once (d3-array's quantileSorted). */
export function empiricalQuantiles(values: ArrayLike<number>, ps: readonly number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  // d3 only indexes its input; its typings ask for an array
  return ps.map((p) => quantileSorted(sorted as unknown as number[], p) ?? Number.NaN);
}

export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return values.length ? s / values.length : Number.NaN;
}
