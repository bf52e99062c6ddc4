import { seededRandom } from '@carb/io';

/**
 * Smoothed conformal p-values of the new episodes, in log order, each against the bag of the
 * calibration fingerprint and the new episodes before it (Vovk's online scheme: under
 * exchangeability of calibration ∪ new, the p-values are independent U(0, 1)). One-sided
 * p_i = (#{bag > s_i} + θ_i · (#{bag = s_i} + 1)) / (|bag| + 1), θ_i ~ U(0, 1) seeded; then
 * made two-sided, 2·min(p, 1 − p), still U(0, 1): a new backbone that stops less often is as
 * much a shift as one that stops more.
 */
export function conformalPValues(calibration: ArrayLike<number>, fresh: ArrayLike<number>, seed: string): number[] {
  const rng = seededRandom(seed);
  const bag: number[] = Array.from(calibration);
  const out: number[] = [];
  for (let i = 0; i < fresh.length; i++) {
    const s = fresh[i]!;
    let greater = 0;
    let equal = 0;
    for (const v of bag) {
      if (v > s) greater++;
      else if (v === s) equal++;
    }
    const p = (greater + rng() * (equal + 1)) / (bag.length + 1);
    out.push(2 * Math.min(p, 1 - p));
    bag.push(s);
  }
  return out;
}
