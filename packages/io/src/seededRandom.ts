/** A seeded uniform source in [0, 1). */
export type Rng = () => number;

const WIDTH = 256;
const MASK = WIDTH - 1;
const START_DENOM = WIDTH ** 6;
const SIGNIFICANCE = 2 ** 52;
const OVERFLOW = SIGNIFICANCE * 2;

/**
 * seedrandom 3.0.5's key for a string seed (its `mixkey`): the seed's UTF-16 code units smeared
 * into at most 256 bytes.
 */
function mixedKey(seed: string): Uint8Array {
  const key = new Uint8Array(Math.min(seed.length, WIDTH));
  let smear = 0;
  for (let j = 0; j < seed.length; j++) {
    smear ^= key[j & MASK]! * 19;
    key[j & MASK] = (smear + seed.charCodeAt(j)) & MASK;
  }
  // an empty seed keys ARC4 with one zero byte
  return key.length > 0 ? key : new Uint8Array(1);
}

/**
 * The ARC4 stream seedrandom 3.0.5 draws from, keyed as it keys it and with its first 256 bytes
 * dropped; `next(count)` is its `g`: `count` bytes, big-endian, as a number.
 */
function arc4(key: Uint8Array): (count: number) => number {
  const s = new Uint8Array(WIDTH);
  for (let i = 0; i < WIDTH; i++) s[i] = i;
  for (let i = 0, j = 0, k = 0; i < WIDTH; i++) {
    const t = s[i]!;
    j = (j + key[k]! + t) & MASK;
    s[i] = s[j]!;
    s[j] = t;
    if (++k === key.length) k = 0;
  }
  let i = 0;
  let j = 0;
  // the dropped bytes: the same swaps as next(), nothing summed
  for (let c = 0; c < WIDTH; c++) {
    i = (i + 1) & MASK;
    const t = s[i]!;
    j = (j + t) & MASK;
    s[i] = s[j]!;
    s[j] = t;
  }
  return (count: number): number => {
    let r = 0;
    for (let c = 0; c < count; c++) {
      i = (i + 1) & MASK;
      const t = s[i]!;
      j = (j + t) & MASK;
      s[i] = s[j]!;
      s[j] = t;
      r = r * WIDTH + s[(s[i]! + t) & MASK]!;
    }
    return r;
  };
}

/**
 * The one seeded generator carb draws from (seedrandom 3.0.5's ARC4), keyed by a string so that
 * independent streams (a split, a selector decision, a suite family, a score-noise draw)
 * never shift one another. `quick` draws 32-bit values, `double` 53-bit ones; the suite
 * generators were frozen with `quick`, so their bundled corpora depend on it. CPython's
 * Mersenne Twister (calibrate's `python` split rng) is separate on purpose: it reproduces
 * the paper's published assignments bit for bit.
 *
 * The stream is seedrandom's own, value for value (test/seededRandom.test.ts compares the two),
 * computed here because seedrandom keys each generator through strings and arrays and mixes
 * every key into a global pool: a selector decision seeds one generator, and the random
 * baselines make thousands per replay.
 */
export function seededRandom(key: string, resolution: 'double' | 'quick' = 'double'): Rng {
  const next = arc4(mixedKey(key));
  if (resolution === 'quick') return () => next(4) / 0x100000000;
  // seedrandom's prng: 52 significant bits from whole bytes, shifted down without rounding up
  return () => {
    let n = next(6);
    let d = START_DENOM;
    let x = 0;
    while (n < SIGNIFICANCE) {
      n = (n + x) * WIDTH;
      d *= WIDTH;
      x = next(1);
    }
    while (n >= OVERFLOW) {
      n /= 2;
      d /= 2;
      x >>>= 1;
    }
    return (n + x) / d;
  };
}
