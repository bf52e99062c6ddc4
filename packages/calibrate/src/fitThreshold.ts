import { crcBudget, crcThreshold } from './crcThreshold.ts';
import type { GuaranteeSpec } from './guaranteeSpec.ts';
import { calibrationSums } from './histogram.ts';
import type { LossKind } from './lossKind.ts';
import { lttThreshold } from './ltt.ts';
import { lttBudget } from './lttBudget.ts';
import { batchBudget } from './batchBudget.ts';
import type { Rational } from '@carb/pipeline';
import type { StepLosses } from './stepLosses.ts';

/**
 * λ̂ fit on the given episodes (all of them: no split), the threshold one deploys: Eq. 1 for
 * the expectation guarantee, Learn-then-Test at level δ for the high-probability one.
 * Returns the grid index, −1 when the budget is infeasible (the gate must stop everything).
 * `kind` says which p-value LTT may use (lossKind); 'bounded' (Hoeffding–Bentkus) is valid for
 * every loss, 'binary' is the exact binomial test for {0, 1} losses and is what runProtocol
 * uses for the union ledger. The same λ̂ runProtocol picks for these episodes as a fold.
 */
export function fitThreshold(
  losses: StepLosses,
  episodeIndices: Int32Array | readonly number[],
  alpha: Rational,
  guarantee: GuaranteeSpec = { kind: 'expectation' },
  kind: LossKind = 'bounded',
): number {
  const a = alpha;
  const idx = episodeIndices instanceof Int32Array ? episodeIndices : Int32Array.from(episodeIndices);
  for (const e of idx) if (e < 0 || e >= losses.n) throw new Error(`fitThreshold: episode index ${e}; expected 0 … ${losses.n - 1}`);
  if (!idx.length) throw new Error('fitThreshold: no episodes; expected at least one to fit on');
  const sums = calibrationSums(losses, idx);
  let budget: bigint;
  if (guarantee.kind === 'expectation') budget = crcBudget(a, idx.length, losses.denominator);
  else if (guarantee.batch === undefined) budget = lttBudget(a, idx.length, losses.denominator, kind, guarantee.delta);
  else {
    if (guarantee.batch === 'fold')
      throw new Error('fitThreshold: batch "fold" names a split\'s test fold; expected a batch size m to deploy for');
    if (kind !== 'binary') throw new Error(`fitThreshold: the batch guarantee needs binary losses (union ledger); found ${kind}`);
    budget = batchBudget(a, idx.length, guarantee.batch, losses.denominator, guarantee.delta);
  }
  return guarantee.kind === 'expectation' ? crcThreshold(sums, budget) : lttThreshold(sums, budget);
}
