import type { Guarantee } from '@carb/calibrate';
import { fmtCount, fmtDecimal } from './format.ts';

/**
 * The guarantee a deploy threshold carries, in one plain sentence with App. I's caveats:
 * CRC (Theorem 1) bounds the loss in expectation, Learn-then-Test bounds the probability
 * that the risk exceeds α; both only under exchangeability and only for the declared ledger.
 */
export function guaranteeSentence(guarantee: Guarantee, delta: number | null, n: number, batch?: number): string {
  const caveats =
    'provided new episodes are exchangeable with the calibration episodes (same agent, tools, tasks and attack mix), ' +
    `for the harms the declared ledger records only, and not for every single episode${batch === undefined ? ' or deployment batch' : ''} (App. I)`;
  if (guarantee === 'high-probability') {
    const d = delta == null ? 'δ' : fmtDecimal(delta, 2);
    if (batch !== undefined) {
      return (
        `Guarantee (high-probability, batch of ${fmtCount(batch)}): with probability at least 1 − ${d} over the draw of the ${fmtCount(n)} calibration episodes and the next ${fmtCount(batch)}, ` +
        `the mean ledger loss of those ${fmtCount(batch)} episodes under the gate at λ̂ is at most α — ${caveats}.`
      );
    }
    return (
      `Guarantee (high-probability, Learn-then-Test): with probability at least 1 − ${d} over the draw of the ${fmtCount(n)} calibration episodes, ` +
      `the gate at λ̂ has risk (expected ledger loss on a new episode) at most α — ${caveats}.`
    );
  }
  return `Guarantee (CRC, Theorem 1): averaged over the draw of the ${fmtCount(n)} calibration episodes and a new episode, the expected ledger loss of the gate at λ̂ is at most α (a marginal bound) — ${caveats}.`;
}
