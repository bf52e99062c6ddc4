import { logAddExp, logFactorials } from './binomialTail.ts';
import { checkDelta } from './guaranteeSpec.ts';
import type { Rational } from '@carb/pipeline';

/** Slack on ln p: the compensated log-factorial sums err by far less (≈ 10⁻¹¹ at N ≈ 10³). */
const LOG_SLACK = 1e-9;

/**
 * The batch high-probability budget for binary losses: the largest calibration count c (as a sum
 * in 1/D units) such that a batch of m future episodes, exchangeable with the n calibration
 * episodes, has mean loss > α at the λ̂ it certifies with probability ≤ δ; −1n when even c = 0
 * fails. λ̂ is then the last grid index whose calibration count is ≤ c (lttThreshold).
 *
 * Why it holds at λ̂ (however λ̂ depends on the draw): sort the n + m episodes by the grid index
 * where each starts to lose (ties in any fixed order). Let t = ⌊αm⌋ + 1, the fewest batch losses
 * that exceed α. If the batch loses ≥ t at a λ̂ whose calibration count is ≤ c, the first c + t
 * episodes of that order hold ≤ c calibration episodes. The order does not depend on the split,
 * so under a uniformly random split this has probability P(Hyp(N = n + m, K = c + t, n) ≤ c),
 * which is what is required to be ≤ δ. No union over the grid is needed.
 *
 * This is a different promise from lttBudget's P(R(λ̂) > α) ≤ δ: it bounds the realized loss of
 * the next m episodes, which is what a held-out test fold of size m measures. The log-space tail
 * is certified only below ln δ − 10⁻⁹ (errs safe). O((c + t)·c) for the answer c.
 */
export function batchBudget(alpha: Rational, n: number, m: number, D: bigint, delta: number): bigint {
  checkDelta(delta);
  if (!Number.isInteger(m) || m < 1) throw new Error(`batch: m = ${String(m)}; expected a positive integer batch size`);
  const N = n + m;
  // t = ⌊α·m⌋ + 1, exactly
  const t = Number((alpha.num * BigInt(m)) / alpha.den) + 1;
  if (t > m) return BigInt(n) * D; // α = 1: no batch can exceed it
  const lf = logFactorials(N);
  const logC = (a: number, b: number): number => (b < 0 || b > a ? -Infinity : lf[a]! - lf[b]! - lf[a - b]!);
  const logTotal = logC(N, n);
  const logDelta = Math.log(delta);
  let best = -1;
  for (let c = 0; c <= n; c++) {
    const K = c + t;
    if (K > N) {
      best = c;
      continue;
    }
    // ln P(Hyp(N, K, n) ≤ c) = ln Σ_{j ≤ c} C(K, j)·C(N − K, n − j) − ln C(N, n)
    let lp = -Infinity;
    for (let j = 0; j <= c; j++) lp = logAddExp(lp, logC(K, j) + logC(N - K, n - j));
    if (lp - logTotal > logDelta - LOG_SLACK) break;
    best = c;
  }
  return best < 0 ? -1n : BigInt(best) * D;
}
