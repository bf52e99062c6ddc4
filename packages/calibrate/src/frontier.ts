import { parseAlpha } from './rational.ts';

/** Default reported budgets (Tables 4–7). */
export const DEFAULT_ALPHAS: readonly string[] = ['.025', '.05', '.10', '.20'];

/**
 * Dense frontier budgets for n calibration episodes: the floor 1/(n+1) itself (as a
 * fraction string, exact), then every multiple of `step` strictly above it up to `max`,
 * as decimal strings.
 */
export function frontierAlphas(n: number, step = '.005', max = '.5'): string[] {
  const s = parseAlpha(step);
  const hi = parseAlpha(max);
  if (s.num === 0n) throw new Error(`frontier step "${step}": expected a positive decimal`);
  const out = [`1/${n + 1}`];
  const digits = Math.max(3, (step.split('.')[1] ?? '').length);
  // k·step > 1/(n+1)  ⇔  k·s.num·(n+1) > s.den
  for (let k = 1n; k * s.num * hi.den <= hi.num * s.den; k++) {
    if (k * s.num * BigInt(n + 1) <= s.den) continue;
    const value = Number(k * s.num) / Number(s.den);
    out.push(value.toFixed(digits).replace(/^0(?=\.)/, ''));
  }
  return out;
}
