/** A seeded uniform source in [0, 1). */
export type Rng = () => number;

const WIDTH = 256;
const MASK = WIDTH - 1;
const START_DENOM = WIDTH ** 6;
const SIGNIFICANCE = 2 ** 52;
const OVERFLOW = SIGNIFICANCE * 2;

/**
 * seedrandom 3.0.5's key for a string seed (its `mixkey`): the seed's UTF-16 code units smeared
 * into at most 256 bytes, written into the shared KEY; returns the key's length. KEY is only read
 * by the key schedule that follows, and a typed array over 64 bytes is allocated outside the
 * heap, which per seed costs more than the schedule.
 */
const KEY = new Uint8Array(WIDTH);
function mixKey(seed: string): number {
  const length = Math.min(seed.length, WIDTH);
  KEY.fill(0, 0, length);
  let smear = 0;
  for (let j = 0; j < seed.length; j++) {
    smear ^= KEY[j & MASK]! * 19;
    KEY[j & MASK] = (smear + seed.charCodeAt(j)) & MASK;
  }
  // an empty seed keys ARC4 with one zero byte
  if (length > 0) return length;
  KEY[0] = 0;
  return 1;
}

/** 0 … 255, the permutation every key schedule starts from. */
const IDENTITY = Array.from({ length: WIDTH }, (_, i) => i);

/**
 * The ARC4 stream seedrandom 3.0.5 draws from, keyed by the first `keyLength` bytes of KEY as seedrandom keys it and with its first 256 bytes
 * dropped; `next(count)` is its `g`: `count` bytes, big-endian, as a number. The key schedule and
 * the drop run on locals: a generator is seeded per selector decision, and that is its cost.
 */
class Arc4 {
  /** The permutation, as small integers in a plain array (see KEY for why not a typed one). */
  private readonly s: number[];
  private i = 0;
  private j = 0;

  constructor(keyLength: number) {
    // a copy of the identity: one packed array of small integers at its final size (256 pushes grew
    // it through six, twice the time per generator)
    const s = (this.s = IDENTITY.slice());
    let j = 0;
    for (let i = 0, k = 0; i < WIDTH; i++) {
      const t = s[i]!;
      j = (j + KEY[k]! + t) & MASK;
      s[i] = s[j]!;
      s[j] = t;
      if (++k === keyLength) k = 0;
    }
    // seedrandom drops the stream's first 256 bytes (its g(256)); the number drawn is discarded
    this.next(WIDTH);
  }

  next(count: number): number {
    const s = this.s;
    let i = this.i;
    let j = this.j;
    let r = 0;
    for (let c = 0; c < count; c++) {
      i = (i + 1) & MASK;
      const t = s[i]!;
      j = (j + t) & MASK;
      s[i] = s[j]!;
      s[j] = t;
      r = r * WIDTH + s[(s[i]! + t) & MASK]!;
    }
    this.i = i;
    this.j = j;
    return r;
  }
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
  const arc4 = new Arc4(mixKey(key));
  if (resolution === 'quick') return () => arc4.next(4) / 0x100000000;
  // seedrandom's prng: 52 significant bits from whole bytes, shifted down without rounding up
  return () => {
    let n = arc4.next(6);
    let d = START_DENOM;
    let x = 0;
    while (n < SIGNIFICANCE) {
      n = (n + x) * WIDTH;
      d *= WIDTH;
      x = arc4.next(1);
    }
    while (n >= OVERFLOW) {
      n /= 2;
      d /= 2;
      x >>>= 1;
    }
    return (n + x) / d;
  };
}
