import type { Rational } from '@carb/pipeline';

/**
 * Conformal risk control on the ordered grid (g-carb Eq. 1, Lemma 1):
 *
 *   λ̂ = max { g : (1 + Σ_cal L_i(g)) / (n + 1) ≤ α }.
 *
 * Losses are kept as integers in units of 1/D and α = a/b exactly, so the test is
 *
 *   (D + S(g)) · b ≤ a · (n + 1) · D,   S(g) = Σ_cal (units of L_i(g)),
 *
 * i.e. S(g) ≤ B with the integer budget B = ⌊D · (a(n+1) − b) / b⌋. B < 0 exactly when
 * α < 1/(n+1): the criterion is infeasible everywhere (even at λ⊥, where S = 0).
 */
export function crcBudget(alpha: Rational, n: number, D: bigint): bigint {
  const slack = alpha.num * BigInt(n + 1) - alpha.den;
  if (slack < 0n) return -1n;
  return (D * slack) / alpha.den;
}

/**
 * A budget as a double for sums that fit one (integers below 2^53): clipped to that range,
 * so S(g) ≤ B is decided exactly; −1 stays −1.
 */
export function budgetAsDouble(budget: bigint): number {
  if (budget < 0n) return -1;
  return budget > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(budget);
}

/**
 * Largest grid index g with S(g) ≤ budget, or −1 when none is (infeasible α).
 * `sums[g]` is S(g), nondecreasing in g; scanning down from the top returns the max
 * feasible index without assuming that. A double budget (budgetAsDouble) goes with double sums.
 */
export function crcThreshold(sums: Float64Array | readonly bigint[], budget: bigint | number): number {
  if (budget < 0) return -1;
  if (sums instanceof Float64Array) {
    // exact: sums are integers below 2^53 (checked by the caller), budget clipped to that range
    const b = typeof budget === 'number' ? budget : budgetAsDouble(budget);
    for (let g = sums.length - 1; g >= 0; g--) if (sums[g]! <= b) return g;
    return -1;
  }
  if (typeof budget === 'number') throw new Error('crcThreshold: exact (bigint) sums need the bigint budget');
  for (let g = sums.length - 1; g >= 0; g--) if (sums[g]! <= budget) return g;
  return -1;
}

/**
 * crcThreshold for many budgets on the same sums in O(G + A log G) instead of O(A·G): the
 * largest g with S(g) ≤ B is the largest g whose suffix minimum min_{g' ≥ g} S(g') is ≤ B, and
 * the suffix minima are nondecreasing, so each budget is a binary search (the dense frontier
 * has ~10² budgets per split and method; issue 26). Same answers as crcThreshold, budget by budget.
 */
export function crcThresholds(sums: Float64Array | readonly bigint[], budgets: ReadonlyArray<bigint | number>): number[] {
  const out = new Int32Array(budgets.length);
  crcThresholdsInto(sums, budgets, out);
  return Array.from(out);
}

/** Running minima from the right, reused across calls (the protocol asks once per method and split). */
let suffixScratch = new Float64Array(0);

/** The suffix minima min_{g' ≥ g} S(g') of double sums, in the reused scratch. */
function suffixMinima(sums: Float64Array): Float64Array {
  const G = sums.length;
  if (suffixScratch.length < G) suffixScratch = new Float64Array(G);
  const suffixMin = suffixScratch.subarray(0, G);
  for (let g = G - 1, low = Infinity; g >= 0; g--) suffixMin[g] = low = Math.min(low, sums[g]!);
  return suffixMin;
}

/** crcThresholds written into `out` (one index per budget), allocating nothing on the double path. */
export function crcThresholdsInto(sums: Float64Array | readonly bigint[], budgets: ReadonlyArray<bigint | number>, out: Int32Array): void {
  const G = sums.length;
  if (sums instanceof Float64Array) {
    const suffixMin = suffixMinima(sums);
    // budgets mostly ascend (the protocol's ascending budgets take crcThresholdRuns instead): each answer is
    // then found by galloping up from the last
    let g = -1;
    let last = -1;
    for (let a = 0; a < budgets.length; a++) {
      const budget = budgets[a]!;
      const b = typeof budget === 'number' ? budget : budgetAsDouble(budget);
      if (b < 0) {
        out[a] = -1;
        continue;
      }
      g = b < last ? lastAtMost(suffixMin, b) : gallopAtMost(suffixMin, b, g);
      last = b;
      out[a] = g;
    }
    return;
  }
  const suffixMin = new Array<bigint>(G);
  for (let g = G - 1; g >= 0; g--) suffixMin[g] = g === G - 1 || sums[g]! < suffixMin[g + 1]! ? sums[g]! : suffixMin[g + 1]!;
  for (let a = 0; a < budgets.length; a++) {
    const budget = budgets[a]!;
    if (budget < 0) {
      out[a] = -1;
      continue;
    }
    if (typeof budget === 'number') throw new Error('crcThreshold: exact (bigint) sums need the bigint budget');
    out[a] = lastAtMost(suffixMin, budget);
  }
}

/**
 * crcThresholdsInto for double budgets in ascending order (budgetAsDouble), as runs of budgets with
 * equal λ̂: runStart[k] is the k-th run's first budget and runIndex[k] its λ̂, rising from run to
 * run (sums are counts, ≥ 0); returns the run count. λ̂ stays g through every budget below the
 * suffix minimum at g + 1, so the next run's first budget is found by galloping over the budgets:
 * O(G + runs · log A), not a search per budget (the frontier's ~10² budgets select ~10 distinct λ̂
 * per split and method; issue 26). Budget by budget, the λ̂ crcThresholdsInto gives.
 */
export function crcThresholdRuns(sums: Float64Array, budgets: Float64Array, runStart: Int32Array, runIndex: Int32Array): number {
  const G = sums.length;
  const suffixMin = suffixMinima(sums);
  let count = 0;
  let a = 0;
  while (a < budgets.length) {
    const b = budgets[a]!;
    const g = b < 0 ? -1 : lastAtMost(suffixMin, b);
    runStart[count] = a;
    runIndex[count++] = g;
    if (g === G - 1) break;
    // every budget below the next suffix minimum selects g too (−1: budgets < 0, and those ≥ 0 below
    // every S(g)); the first one at or above it selects more
    a = firstAtLeast(budgets, suffixMin[g + 1]!, a + 1);
  }
  return count;
}

/** Smallest index ≥ from of an ascending array whose value is ≥ bound, or its length: O(log distance). */
function firstAtLeast(sorted: Float64Array, bound: number, from: number): number {
  let lo = from;
  let hi = from;
  let step = 1;
  // every index below lo holds a value < bound
  while (hi < sorted.length && sorted[hi]! < bound) {
    lo = hi + 1;
    hi = lo + step;
    step *= 2;
  }
  hi = Math.min(hi, sorted.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** lastAtMost when the answer is known to be ≥ from (−1 … length − 1): O(log distance). */
function gallopAtMost(sorted: Float64Array, bound: number, from: number): number {
  let lo = from;
  let step = 1;
  while (lo + step < sorted.length && sorted[lo + step]! <= bound) {
    lo += step;
    step *= 2;
  }
  // sorted[lo] ≤ bound (or lo = −1); the answer lies below lo + step
  return lastAtMost(sorted, bound, lo + 1, Math.min(lo + step, sorted.length));
}

/** Largest index of a nondecreasing array with value ≤ bound, or −1; searched in [lo, hi) when the answer is known to be ≥ lo − 1 and < hi. */
function lastAtMost<T extends number | bigint>(sorted: ArrayLike<T>, bound: T, lo = 0, hi = sorted.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= bound) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
