import { seededRandom } from '@carb/io';
import { ksStatistic } from './ksStatistic.ts';

/** A permutation two-sample test's result. */
export interface PermutationTest {
  /** KS distance D = sup |F_a − F_b| of the observed samples. */
  d: number;
  /** (1 + #{b : D_b ≥ D}) / (1 + B): exact (valid at every B) under exchangeability of a ∪ b. */
  p: number;
  /** Permutations drawn. */
  permutations: number;
  /** #{b : D_b ≥ D}. */
  atLeast: number;
}

/**
 * The seeded permutation two-sample Kolmogorov–Smirnov test of `a` (calibration) against `b`
 * (new logs): the pooled sample is shuffled B times (Fisher–Yates, seededRandom(`seed`)), its
 * first |a| values taken as the calibration, and p = (1 + #{D_b ≥ D}) / (1 + B). Counting the
 * observed labelling as one of the permutations is what makes the p-value exact rather than
 * a Monte Carlo estimate of the asymptotic one.
 */
export function permutationKsTest(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  size: number,
  permutations: number,
  seed: string,
): PermutationTest {
  if (a.length === 0 || b.length === 0)
    throw new Error(`permutation test: expected two non-empty samples, found sizes ${a.length} and ${b.length}`);
  const observed = ksStatistic(a, b, size);
  const pooled = Int32Array.from([...Array.from(a), ...Array.from(b)]);
  const rng = seededRandom(seed);
  let atLeast = 0;
  for (let k = 0; k < permutations; k++) {
    for (let i = pooled.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      const t = pooled[i]!;
      pooled[i] = pooled[j]!;
      pooled[j] = t;
    }
    if (ksStatistic(pooled.subarray(0, a.length), pooled.subarray(a.length), size) >= observed) atLeast++;
  }
  return { d: observed / (a.length * b.length), p: (1 + atLeast) / (1 + permutations), permutations, atLeast };
}
