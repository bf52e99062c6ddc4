import seedrandom from 'seedrandom';

/** A seeded uniform source in [0, 1). */
export type Rng = () => number;

/**
 * The one seeded generator carb draws from (seedrandom's ARC4), keyed by a string so that
 * independent streams (a split, a selector decision, a suite family, a score-noise draw)
 * never shift one another. `quick` draws 32-bit values, `double` 53-bit ones; the suite
 * generators were frozen with `quick`, so their bundled corpora depend on it. CPython's
 * Mersenne Twister (calibrate's `python` split rng) is separate on purpose: it reproduces
 * the paper's published assignments bit for bit.
 */
export function seededRandom(key: string, resolution: 'double' | 'quick' = 'double'): Rng {
  const r = seedrandom(key);
  return resolution === 'quick' ? () => r.quick() : () => r();
}
