import { binomialCdfAtMost } from './exactBinomialTail.ts';
import { logBinomialCdf, logBinomialCdfErrorBound } from './binomialTail.ts';
import { checkDelta } from './guaranteeSpec.ts';
import { logHoeffdingBentkus } from './hoeffdingBentkus.ts';
import type { LossKind } from './lossKind.ts';
import type { Rational } from '@carb/pipeline';

/**
 * The Learn-then-Test analogue of crcBudget: the largest calibration sum S (in 1/D units, over n
 * episodes) at which H: R > α is rejected at level δ, or −1 when even S = 0 is not. Both p-values
 * are nondecreasing in S, so "p(S(g)) ≤ δ" is exactly "S(g) ≤ budget" and a split then costs
 * O(G) (lttThreshold). O(n) per (n, α, D).
 *
 * - binary ({0, 1} losses, S = k·D): p = P(Bin(n, α) ≤ k). The decision p ≤ δ is exact: the
 *   log-space tail decides outside its error bound, big-integer arithmetic inside it.
 * - bounded (losses in [0, 1]): the Hoeffding–Bentkus p-value, rejected only when its log is
 *   below ln δ by more than the error bound (conservative by ≤ 10⁻¹⁰ relative in p at n ≈ 500),
 *   found by bisection over S ∈ [0, nD].
 */
export function lttBudget(alpha: Rational, n: number, D: bigint, kind: LossKind, delta: number): bigint {
  checkDelta(delta);
  const logCdf = logBinomialCdf(n, alpha);
  const logDelta = Math.log(delta);
  const band = logBinomialCdfErrorBound(n, alpha) + 4 * 2 ** -53 * (1 + Math.abs(logDelta));
  if (kind === 'binary') {
    let k = -1;
    while (k < n) {
      const lp = logCdf[k + 1]!;
      const reject = lp < logDelta - band ? true : lp > logDelta + band ? false : binomialCdfAtMost(n, alpha, k + 1, delta);
      if (!reject) break;
      k++;
    }
    return BigInt(k) * D;
  }
  const reject = (s: bigint): boolean => logHoeffdingBentkus(n, alpha, s, D, logCdf) <= logDelta - band;
  if (!reject(0n)) return -1n;
  // invariant: reject(lo), and every S ≥ hi is treated as not rejected
  let lo = 0n;
  let hi = BigInt(n) * D + 1n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (reject(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
