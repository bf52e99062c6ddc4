const N = 624;
const M = 397;
// the state words are kept as Int32Array (same bits as CPython's uint32_t): signed loads stay
// small integers in V8, which made the shuffle ~1.5× faster than a Uint32Array state
const UPPER = 0x80000000 | 0;
const MATRIX_A = 0x9908b0df | 0;

/**
 * CPython's `random.Random(seed)` restricted to what `shuffle` uses: MT19937 seeded by
 * init_by_array, getrandbits(k ≤ 32) and _randbelow by rejection. Bit-identical to
 * Python 3 (checked against python3-generated fixtures).
 */
export class PythonRandom {
  private readonly mt = new Int32Array(N);
  private mti = N + 1;

  constructor(seed: number | bigint) {
    this.initByArray(seedKey(seed));
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = (Math.imul(1812433253, (prev ^ (prev >>> 30)) >>> 0) + i) >>> 0;
    }
    this.mti = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul((prev ^ (prev >>> 30)) >>> 0, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul((prev ^ (prev >>> 30)) >>> 0, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** genrand_uint32. */
  uint32(): number {
    if (this.mti >= N) {
      twist(this.mt);
      this.mti = 0;
    }
    return temper(this.mt[this.mti++]!) >>> 0;
  }

  /** getrandbits(k) for 1 ≤ k ≤ 32. */
  getrandbits(k: number): number {
    return this.uint32() >>> (32 - k);
  }

  /** _randbelow(n) for 1 ≤ n < 2^32: rejection over getrandbits(n.bit_length()). */
  randbelow(n: number): number {
    const k = 32 - Math.clz32(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** random.shuffle, in place. */
  shuffle<T>(x: T[]): T[] {
    for (let i = x.length - 1; i >= 1; i--) {
      const j = this.randbelow(i + 1);
      const t = x[i]!;
      x[i] = x[j]!;
      x[j] = t;
    }
    return x;
  }

  /**
   * random.shuffle of an Int32Array, in place: the same draws and swaps as `shuffle`, with
   * _randbelow and the state walk inlined (10⁶ indices × 200 splits spend their time here).
   */
  shuffleInt32(x: Int32Array): Int32Array {
    const mt = this.mt;
    let mti = this.mti;
    for (let i = x.length - 1; i >= 1; i--) {
      const n = i + 1;
      // getrandbits(k) with k = n.bit_length() keeps the top k bits: a shift by 32 − k = clz32(n)
      const shift = Math.clz32(n);
      let r: number;
      do {
        if (mti >= N) {
          twist(mt);
          mti = 0;
        }
        r = temper(mt[mti++]!) >>> shift;
      } while (r >= n);
      const t = x[i]!;
      x[i] = x[r]!;
      x[r] = t;
    }
    this.mti = mti;
    return x;
  }
}

/** Regenerates all N state words (genrand_uint32 when the state is used up). */
function twist(mt: Int32Array): void {
  let kk = 0;
  // −(y & 1) & MATRIX_A: the conditional xor without a branch
  for (; kk < N - M; kk++) {
    const y = (mt[kk]! & UPPER) | (mt[kk + 1]! & 0x7fffffff);
    mt[kk] = mt[kk + M]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
  }
  for (; kk < N - 1; kk++) {
    const y = (mt[kk]! & UPPER) | (mt[kk + 1]! & 0x7fffffff);
    mt[kk] = mt[kk + (M - N)]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
  }
  const y = (mt[N - 1]! & UPPER) | (mt[0]! & 0x7fffffff);
  mt[N - 1] = mt[M - 1]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
}

/** MT19937 tempering of one state word; the bits as a signed 32-bit integer (>>> 0 reads them unsigned). */
function temper(word: number): number {
  let y = word;
  y ^= y >>> 11;
  y ^= (y << 7) & 0x9d2c5680;
  y ^= (y << 15) & 0xefc60000;
  y ^= y >>> 18;
  return y;
}

/** CPython random_seed for an int: |seed| as 32-bit words, least significant first; 0 → [0]. */
export function seedKey(seed: number | bigint): number[] {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) throw new Error(`split seed ${seed}: expected an integer`);
  let v = BigInt(seed);
  if (v < 0n) v = -v;
  const key: number[] = [];
  while (v > 0n) {
    key.push(Number(v & 0xffffffffn));
    v >>= 32n;
  }
  return key.length ? key : [0];
}
