import type { BreakpointTable } from '@carb/replay';

/**
 * The independent CRC reference: Eq. 1 and the held-out ledger loss written out from the
 * breakpoint contract alone, in BigInt, without the library's histograms, budgets or curves.
 * protocol-crc-rows.json holds its rows; the oracle tests compare runProtocol against them.
 */

/** α as an exact fraction num/den from a decimal (`.025`, `0.10`) or a fraction (`1/97`). */
export function referenceAlpha(text: string): { num: bigint; den: bigint } {
  const frac = /^(\d+)\/(\d+)$/.exec(text);
  if (frac) return { num: BigInt(frac[1]!), den: BigInt(frac[2]!) };
  const dec = /^(\d*)\.(\d+)$/.exec(text);
  if (!dec) throw new Error(`referenceAlpha: "${text}" is neither a decimal nor a fraction`);
  return { num: BigInt(`${dec[1] ?? ''}${dec[2]!}` || '0'), den: 10n ** BigInt(dec[2]!.length) };
}

/**
 * Ledger loss of episode e at grid index g in units of 1/D: union ℓ ∈ {0, 1} (D = 1), or the
 * number of the five categories that fired by g (graded, D = 5). Both come straight from the
 * table's "smallest grid index with loss" columns: a loss is on from that index up.
 */
export function referenceLossUnits(t: BreakpointTable, ledger: 'union' | 'graded', e: number, g: number): number {
  if (ledger === 'union') return g >= t.unionLossFrom[e]! ? 1 : 0;
  let k = 0;
  for (const from of Object.values(t.lossFrom)) if (g >= from[e]!) k++;
  return k;
}

/** D: the ledger loss is an integer number of 1/D units. */
export const referenceDenominator = (ledger: 'union' | 'graded'): number => (ledger === 'union' ? 1 : 5);

/** Σ_cal ℓ(e, g) in units of 1/D for every grid index g (integers: exact as numbers). */
export function referenceCalibrationUnits(t: BreakpointTable, ledger: 'union' | 'graded', cal: ArrayLike<number>): number[] {
  const sums: number[] = [];
  for (let g = 0; g < t.G; g++) {
    let units = 0;
    for (let i = 0; i < cal.length; i++) units += referenceLossUnits(t, ledger, cal[i]!, g);
    sums.push(units);
  }
  return sums;
}

/**
 * Eq. 1: λ̂ is the largest grid index g such that every g' ≤ g satisfies
 * (Σ_cal ℓ(e, g') + B) / (n + 1) ≤ α with B = 1 (the loss bound), i.e. in units of 1/D
 * (Σ units + D) · den ≤ num · D · (n + 1); −1 when even g = 0 fails (infeasible).
 */
export function referenceLambdaIndex(calUnits: readonly number[], n: number, D: number, alpha: string): number {
  const { num, den } = referenceAlpha(alpha);
  const rhs = num * BigInt(D) * BigInt(n + 1);
  let best = -1;
  for (let g = 0; g < calUnits.length; g++) {
    if ((BigInt(calUnits[g]!) + BigInt(D)) * den > rhs) break;
    best = g;
  }
  return best;
}

/** Held-out ledger loss in units of 1/D summed over the test fold at λ̂ (infeasible: stop-all, which loses nothing). */
export function referenceTestUnits(t: BreakpointTable, ledger: 'union' | 'graded', test: ArrayLike<number>, lambdaIndex: number): number {
  if (lambdaIndex < 0) return 0;
  let units = 0;
  for (let i = 0; i < test.length; i++) units += referenceLossUnits(t, ledger, test[i]!, lambdaIndex);
  return units;
}
