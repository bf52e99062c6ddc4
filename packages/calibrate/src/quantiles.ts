import { quantileSorted } from 'd3-array';

/**
 * Empirical p-quantile with linear interpolation between order statistics (R-7, numpy's
 * default "linear"): h = (m − 1)·p, x_⌊h⌋ + (h − ⌊h⌋)(x_⌊h⌋+1 − x_⌊h⌋). d3-array's quantile.
 */
export function empiricalQuantile(values: ArrayLike<number>, p: number): number {
  return empiricalQuantiles(values, [p])[0]!;
}

/**
 * Several R-7 quantiles of the same values (d3-array's quantileSorted). d3 reads only the order
 * statistics at ⌊(m − 1)p⌋ and the next (or the first / last), so only those are put in place
 * (quickselect, O(m) each instead of a sort: the frontier asks for ~10³ p5/p95 pairs; issue 26), or,
 * when they lie near the ends, by one insertion pass (tailStatistics); values with a NaN or −0
 * (which a sort orders but a comparison does not) are sorted as before.
 */
export function empiricalQuantiles(values: ArrayLike<number>, ps: readonly number[]): number[] {
  const n = values.length;
  // one buffer for every call (the protocol makes ~10³): nothing here outlives the call
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  const a = scratch.subarray(0, n);
  if (tailStatistics(values, ps, a) === null) {
    let unordered = false;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      a[i] = v;
      // NaN (v !== v) or −0 (1 / v = −∞): orders a sort gives but comparisons do not
      if (v !== v || (v === 0 && 1 / v < 0)) unordered = true;
    }
    if (unordered) a.sort();
    else {
      const needed: number[] = [];
      for (const p of ps) {
        if (!(p > 0) || n < 2) needed.push(0);
        else if (p >= 1) needed.push(n - 1);
        else {
          const i0 = Math.floor((n - 1) * p);
          needed.push(i0, i0 + 1);
        }
      }
      needed.sort((x, y) => x - y);
      let lo = 0;
      for (const k of needed) {
        if (k >= n) break;
        if (k < lo) continue;
        selectInPlace(a, k, lo, n - 1);
        lo = k + 1;
      }
    }
  }
  // d3 only indexes its input; its typings ask for an array
  return ps.map((p) => quantileSorted(a as unknown as number[], p) ?? Number.NaN);
}

/** Longest tail tailStatistics keeps sorted by insertion (p5 / p95 of 200 splits read 11 values from each end). */
const TAIL = 24;
const bottom = new Float64Array(TAIL);
const top = new Float64Array(TAIL);

/**
 * When every p reads order statistics within TAIL of an end (p5 / p95, the protocol's p's), puts
 * them in place in `a` from one pass over `values` that keeps the smallest and largest few sorted
 * by insertion (no copy, no selection passes); returns the values' sum, added in order (mean()'s
 * sum). null (nothing done) when a p reads the middle, the values are too few, or one is NaN or −0.
 */
function tailStatistics(values: ArrayLike<number>, ps: readonly number[], a: Float64Array): number | null {
  const n = values.length;
  if (n < 4 * TAIL) return null;
  // order statistics 0 … low and high … n − 1 are needed
  let low = -1;
  let high = n;
  for (const p of ps) {
    if (!(p > 0)) low = Math.max(low, 0);
    else if (p >= 1) high = Math.min(high, n - 1);
    else {
      const i0 = Math.floor((n - 1) * p);
      if (i0 + 1 < TAIL) low = Math.max(low, i0 + 1);
      else if (i0 >= n - TAIL) high = Math.min(high, i0);
      else return null;
    }
  }
  const lowCount = low + 1;
  const highCount = n - high;
  let kept = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v !== v || (v === 0 && 1 / v < 0)) return null;
    sum += v;
    // while filling, the first values go into both tails in order
    if (kept < lowCount) insertAscending(bottom, v, kept);
    else if (lowCount > 0 && v < bottom[lowCount - 1]!) insertAscending(bottom, v, lowCount - 1);
    if (kept < highCount) insertDescending(top, v, kept);
    else if (highCount > 0 && v > top[highCount - 1]!) insertDescending(top, v, highCount - 1);
    kept++;
  }
  for (let k = 0; k < lowCount; k++) a[k] = bottom[k]!;
  for (let k = 0; k < highCount; k++) a[n - 1 - k] = top[k]!;
  return sum;
}

/** The p's of a summary's spread. */
const SPREAD_PS = [0.05, 0.95];

/**
 * mean(values), empiricalQuantile(values, .05) and empiricalQuantile(values, .95) into out[0 … 2]
 * (a summary row's figure and its p5 / p95): the same doubles, in one pass over the values when
 * tailStatistics applies (the protocol's 200 splits: a frontier asks for ~3·10³ of these).
 */
export function spreadInto(values: Float64Array, out: Float64Array): void {
  const n = values.length;
  if (spread.length !== n) spread = new Float64Array(n);
  const sum = tailStatistics(values, SPREAD_PS, spread);
  if (sum !== null) {
    out[0] = sum / n;
    // d3 only indexes its input; its typings ask for an array
    out[1] = quantileSorted(spread as unknown as number[], 0.05) ?? Number.NaN;
    out[2] = quantileSorted(spread as unknown as number[], 0.95) ?? Number.NaN;
    return;
  }
  const [p5, p95] = empiricalQuantiles(values, SPREAD_PS) as [number, number];
  out[0] = mean(values);
  out[1] = p5;
  out[2] = p95;
}

/** Inserts v into sorted buf[0 … last), dropping buf[last] (overwritten): buf[0 … last] stays ascending. */
function insertAscending(buf: Float64Array, v: number, last: number): void {
  let j = last;
  while (j > 0 && buf[j - 1]! > v) {
    buf[j] = buf[j - 1]!;
    j--;
  }
  buf[j] = v;
}

/** insertAscending for descending order. */
function insertDescending(buf: Float64Array, v: number, last: number): void {
  let j = last;
  while (j > 0 && buf[j - 1]! < v) {
    buf[j] = buf[j - 1]!;
    j--;
  }
  buf[j] = v;
}

let scratch = new Float64Array(256);
/** spreadInto's order statistics, sized to its last call's values. */
let spread = new Float64Array(0);

/**
 * Rearranges a[lo … hi] so that a[k] is the value a sort would put there, with no larger value
 * before it and no smaller one after it (Hoare's selection, median-of-three pivots).
 */
function selectInPlace(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three, moved to a[mid]
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) swap(a, i++, j--);
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return values.length ? s / values.length : Number.NaN;
}
