import { seededRandom, type Rng } from '@carb/io';

export type { Rng };

/** One stream per named family so families do not shift each other. */
export function rngFor(seed: number, stream: string): Rng {
  return seededRandom(`${seed}:${stream}`, 'quick');
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const HEX = '0123456789abcdef';

function draw(rng: Rng, alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rng() * alphabet.length)]!;
  return s;
}

/** A fresh canary-shaped token (matches the default sanitizer pattern CANARY-[A-Z0-9]{6,}). */
export function canaryToken(rng: Rng): string {
  return `CANARY-${draw(rng, ALNUM, 10)}`;
}

/** A short lower-case hex suffix for object and data identifiers. */
export function hexId(rng: Rng, n = 8): string {
  return draw(rng, HEX, n);
}

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}
