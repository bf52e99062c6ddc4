import type { Rational } from '@carb/pipeline';

/** Unit roundoff of a double. */
const EPS = 2 ** -53;

/** log(x + y) from log x and log y without leaving log space. */
export function logAddExp(x: number, y: number): number {
  if (x === -Infinity) return y;
  if (y === -Infinity) return x;
  const hi = Math.max(x, y);
  return hi + Math.log1p(Math.exp(-Math.abs(x - y)));
}

/** log m! for m = 0 … n, summed with Neumaier compensation so the error does not grow with the count. */
export function logFactorials(n: number): Float64Array {
  const out = new Float64Array(n + 1);
  let sum = 0;
  let carry = 0;
  for (let m = 2; m <= n; m++) {
    const x = Math.log(m);
    const t = sum + x;
    carry += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
    out[m] = sum + carry;
  }
  return out;
}

/** log α and log(1 − α) of an exact budget, each from one correctly rounded ratio (no cancellation near 0 or 1). */
export function logAlphaPair(alpha: Rational): { logA: number; log1mA: number } {
  return {
    logA: Math.log(Number(alpha.num) / Number(alpha.den)),
    log1mA: Math.log(Number(alpha.den - alpha.num) / Number(alpha.den)),
  };
}

/**
 * A bound on the absolute error of logBinomialCdf(n, α) (hence the relative error of the tail):
 *
 *   8ε · (10·n·ln(n+1) + 4n·(4 + |ln α| + |ln(1−α)|) + 32),   ε = 2⁻⁵³.
 *
 * Derivation, with every Math.log / log1p / exp within one ulp (fdlibm): the compensated log m!
 * sums err by ≤ 3ε·ln m!, so ln C(n, j) by ≤ 8ε·n ln n; j·ln α + (n−j)·ln(1−α) by
 * ≤ nε·(4 + 2|ln α| + 2|ln(1−α)|); each of the k log-add-exp steps by ≤ 3ε. The leading 8
 * is a safety factor over that sum. n = 492, α = .05: 3.6 × 10⁻¹¹.
 */
export function logBinomialCdfErrorBound(n: number, alpha: Rational): number {
  const { logA, log1mA } = logAlphaPair(alpha);
  const la = Number.isFinite(logA) ? Math.abs(logA) : 0;
  const l1a = Number.isFinite(log1mA) ? Math.abs(log1mA) : 0;
  return 8 * EPS * (10 * n * Math.log(n + 1) + 4 * n * (4 + la + l1a) + 32);
}

/**
 * log P(Bin(n, α) ≤ k) for k = 0 … kMax (default n), in O(n): each log pmf
 * ln C(n, j) + j ln α + (n−j) ln(1−α) directly from compensated log-factorials (no error
 * carried from term to term), accumulated by log-add-exp so tails far below 10⁻³⁰⁸ keep
 * their digits. Absolute error ≤ logBinomialCdfErrorBound(n, α). α = 0 and α = 1 are exact
 * (P ≡ 1; P = [k ≥ n]).
 */
export function logBinomialCdf(n: number, alpha: Rational, kMax = n): Float64Array {
  if (!Number.isInteger(n) || n < 0) throw new Error(`binomial tail: n = ${n}; expected a non-negative integer`);
  const top = Math.min(kMax, n);
  const out = new Float64Array(top + 1);
  if (alpha.num === 0n) return out;
  if (alpha.num === alpha.den) {
    for (let k = 0; k <= top; k++) out[k] = k >= n ? 0 : -Infinity;
    return out;
  }
  const { logA, log1mA } = logAlphaPair(alpha);
  const lf = logFactorials(n);
  let acc = -Infinity;
  for (let j = 0; j <= top; j++) {
    acc = logAddExp(acc, lf[n]! - lf[j]! - lf[n - j]! + j * logA + (n - j) * log1mA);
    // a sum of probabilities: never above log 1 whatever the rounding
    out[j] = Math.min(acc, 0);
  }
  return out;
}
