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
 * (quickselect, O(m) each instead of a sort: the frontier asks for ~10³ p5/p95 pairs; issue 26);
 * values with a NaN or −0 (which a sort orders but a comparison does not) are sorted as before.
 */
export function empiricalQuantiles(values: ArrayLike<number>, ps: readonly number[]): number[] {
  const n = values.length;
  // one buffer for every call (the protocol makes ~10³): nothing here outlives the call
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  const a = scratch.subarray(0, n);
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
  // d3 only indexes its input; its typings ask for an array
  return ps.map((p) => quantileSorted(a as unknown as number[], p) ?? Number.NaN);
}

let scratch = new Float64Array(256);

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
