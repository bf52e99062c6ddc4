import { logAlphaPair, logBinomialCdf } from './binomialTail.ts';
import type { Rational } from '@carb/pipeline';

/** num / den as a double for positive bigints of any size (both scaled below 2^1000 first). */
function ratio(num: bigint, den: bigint): number {
  const shift = BigInt(Math.max(0, den.toString(2).length - 1000));
  return Number(num >> shift) / Number(den >> shift);
}

/**
 * log of the Hoeffding–Bentkus p-value of H: R > α for a loss bounded in [0, 1] (Bates et al.
 * 2021, RCPS; Angelopoulos et al., Learn then Test):
 *
 *   p = min( exp(−n · h₁(R̂ ∧ α, α)),  e · P(Bin(n, α) ≤ ⌈n R̂⌉) ),
 *   h₁(q, α) = q ln(q/α) + (1−q) ln((1−q)/(1−α)),
 *
 * with R̂ = units / (n·D), the calibration sum in 1/D units (so ⌈n R̂⌉ = ⌈units / D⌉ and
 * R̂ ≥ α are decided exactly in integers). `logCdf` is logBinomialCdf(n, α) when the caller
 * evaluates many sums at one (n, α). Absolute error ≤ logBinomialCdfErrorBound(n, α): the
 * Bentkus term inherits the tail's bound, and n·h₁ errs by ≤ nε·(13 + |ln α| + |ln(1−α)|).
 */
export function logHoeffdingBentkus(n: number, alpha: Rational, units: bigint, D: bigint, logCdf?: Float64Array): number {
  const nD = BigInt(n) * D;
  if (units < 0n || units > nD)
    throw new Error(`Hoeffding–Bentkus: calibration sum ${units} units of 1/${D} over n = ${n}; expected 0 … ${nD}`);
  const kUp = Number((units + D - 1n) / D);
  const bentkus = 1 + (logCdf ? logCdf[kUp]! : logBinomialCdf(n, alpha, kUp)[kUp]!);
  // R̂ ≥ α: h₁(α, α) = 0, the Hoeffding term is 1
  if (units * alpha.den >= alpha.num * nD) return Math.min(0, bentkus);
  const { logA, log1mA } = logAlphaPair(alpha);
  const q = ratio(units, nD);
  // q ln(q/α) → 0 as q → 0 (and would be 0 · ∞ at α = 1)
  const h1 = (q > 0 ? q * (Math.log(q) - logA) : 0) + (1 - q) * (Math.log1p(-q) - log1mA);
  return Math.min(-n * h1, bentkus);
}
