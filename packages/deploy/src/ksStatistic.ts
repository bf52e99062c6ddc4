/**
 * The two-sample Kolmogorov–Smirnov statistic of two samples of grid indices, as the integer
 * max_x |n_b·#{a ≤ x} − n_a·#{b ≤ x}| (= n_a·n_b·D): exact, so a permutation's statistic
 * ties the observed one exactly instead of up to rounding. D itself is this over n_a·n_b.
 * Values are small non-negative integers (grid indices 0 … G); `size` bounds them (G + 1).
 */
export function ksStatistic(a: ArrayLike<number>, b: ArrayLike<number>, size: number): number {
  const ca = new Float64Array(size);
  const cb = new Float64Array(size);
  for (let i = 0; i < a.length; i++) ca[a[i]!]!++;
  for (let i = 0; i < b.length; i++) cb[b[i]!]!++;
  let fa = 0;
  let fb = 0;
  let best = 0;
  for (let x = 0; x < size; x++) {
    fa += ca[x]!;
    fb += cb[x]!;
    const d = Math.abs(fa * b.length - fb * a.length);
    if (d > best) best = d;
  }
  return best;
}
