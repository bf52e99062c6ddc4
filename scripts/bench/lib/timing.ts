import { median as d3median } from 'd3-array';

/** Best wall time in ms of `reps` runs of `fn`: the least disturbed run on a shared machine. */
export function best(reps: number, fn: () => void): number {
  let t = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    t = Math.min(t, performance.now() - t0);
  }
  return t;
}

/** The median of a benchmark's runs (the issue's "median of 3"); d3's, which averages the middle two of an even count. */
export const median = (xs: readonly number[]): number => d3median(xs)!;
