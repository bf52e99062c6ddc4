import { budgetAsDouble } from './crcThreshold.ts';

/**
 * Learn-then-Test by fixed-sequence testing (Angelopoulos et al.): test H_g: R(g) > α at level δ
 * for g = 0, 1, … along the ordered grid, stop at the first H_g not rejected, and return the
 * last rejected g. Losses are nondecreasing in g, so R(g) is too; once H_g holds every later one
 * does, and the family-wise error of this sequence is ≤ δ without splitting δ:
 * P(R(λ̂) > α) ≤ δ over the calibration draw. H_g is rejected when S(g) ≤ budget (lttBudget,
 * where the p-value of S(g) is ≤ δ). O(G).
 *
 * At g = 0 (λ⊥) the loss is 0 by construction (stop-all executes nothing), so H_0 is false for
 * every α ≥ 0 and could be rejected without a test: that would only turn every −1 below into
 * 0. We test it anyway. S(0) = 0 is the smallest sum, so its p-value ((1−α)^n) is the smallest
 * of the sequence: when it is ≤ δ, testing H_0 changes nothing; when it is > δ, nothing above λ⊥
 * can be certified, and −1 says so as Eq. 1 does below α = 1/(n+1) — the budget is below what n
 * calibration episodes can certify (here (1−α)^n > δ, i.e. n < ln δ / ln(1−α)). The gate is the
 * same either way: stop everything.
 */
export function lttThreshold(sums: Float64Array | readonly bigint[], budget: bigint | number): number {
  let g = -1;
  if (sums instanceof Float64Array) {
    // exact as in crcThreshold: integer sums below 2^53, budget clipped to that range
    const b = typeof budget === 'number' ? budget : budgetAsDouble(budget);
    while (g + 1 < sums.length && sums[g + 1]! <= b) g++;
    return g;
  }
  if (typeof budget === 'number') throw new Error('lttThreshold: exact (bigint) sums need the bigint budget');
  while (g + 1 < sums.length && sums[g + 1]! <= budget) g++;
  return g;
}
