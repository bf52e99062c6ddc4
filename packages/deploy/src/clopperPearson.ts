/** log P(Bin(n, p) ≤ k), summed in log space (k ≤ n). */
function logBinomialCdf(n: number, p: number, k: number): number {
  if (k >= n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return -Infinity;
  let logC = 0;
  let acc = -Infinity;
  for (let j = 0; j <= k; j++) {
    if (j > 0) logC += Math.log((n - j + 1) / j);
    const t = logC + j * Math.log(p) + (n - j) * Math.log1p(-p);
    const hi = Math.max(acc, t);
    acc = hi === -Infinity ? -Infinity : hi + Math.log(Math.exp(acc - hi) + Math.exp(t - hi));
  }
  return Math.min(acc, 0);
}

/** The p in [0, 1] at which the decreasing f crosses the target, by bisection to double precision. */
function solveDecreasing(f: (p: number) => number, target: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The exact (Clopper–Pearson) two-sided 1 − `level` interval for a binomial proportion with
 * k successes in n trials: lower = the p with P(Bin(n, p) ≥ k) = level/2 (0 when k = 0),
 * upper = the p with P(Bin(n, p) ≤ k) = level/2 (1 when k = n). Covers at least 1 − level.
 */
export function clopperPearson(k: number, n: number, level = 0.05): [number, number] {
  if (!(Number.isInteger(k) && Number.isInteger(n) && n > 0 && k >= 0 && k <= n))
    throw new Error(`Clopper–Pearson: expected 0 ≤ k ≤ n, n > 0 integers, found k ${k}, n ${n}`);
  const t = Math.log(level / 2);
  const lower = k === 0 ? 0 : solveDecreasing((p) => logBinomialCdf(n, p, k - 1), Math.log1p(-level / 2));
  const upper = k === n ? 1 : solveDecreasing((p) => logBinomialCdf(n, p, k), t);
  return [lower, upper];
}
