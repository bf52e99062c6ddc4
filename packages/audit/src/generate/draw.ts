import { seededRandom, type Rng } from '@carb/io';

export type { Rng };

/** One seeded stream per suite and family, so adding a family shifts no other. */
export function auditRng(seed: number, stream: string): Rng {
  return seededRandom(`${seed}:audit:${stream}`, 'double');
}

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}

/** A lower-case hex tag of `n` characters for identifiers. */
export function hex(rng: Rng, n = 4): string {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(rng() * 16)]!;
  return s;
}

/** An integer in [lo, hi]. */
export function between(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}
