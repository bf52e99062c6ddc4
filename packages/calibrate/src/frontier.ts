import { reducedRational } from '@carb/pipeline';
import { parseBudget, type Budget } from './budget.ts';

/** Default reported budgets (Tables 4–7). */
export const DEFAULT_ALPHAS: readonly string[] = ['.025', '.05', '.10', '.20'];

/** DEFAULT_ALPHAS as budgets. */
export const DEFAULT_BUDGETS: readonly Budget[] = DEFAULT_ALPHAS.map(parseBudget);

/**
 * Dense frontier budgets for n calibration episodes: the floor 1/(n+1) itself (as a
 * fraction, exact), then every multiple of `step` strictly above it up to `max`,
 * written as decimals.
 */
export function frontierAlphas(n: number, step = '.005', max = '.5'): Budget[] {
  const s = parseBudget(step);
  const hi = parseBudget(max);
  if (s.num === 0n) throw new Error(`frontier step "${step}": expected a positive decimal`);
  const out: Budget[] = [{ num: 1n, den: BigInt(n + 1), text: `1/${n + 1}` }];
  const digits = Math.max(3, (step.split('.')[1] ?? '').length);
  // k·step > 1/(n+1)  ⇔  k·s.num·(n+1) > s.den
  for (let k = 1n; k * s.num * hi.den <= hi.num * s.den; k++) {
    if (k * s.num * BigInt(n + 1) <= s.den) continue;
    const value = Number(k * s.num) / Number(s.den);
    out.push({ ...reducedRational(k * s.num, s.den), text: value.toFixed(digits).replace(/^0(?=\.)/, '') });
  }
  return out;
}
