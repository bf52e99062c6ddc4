import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PythonRandom, makeSplits, shuffleWith } from '@carb/calibrate';

// The Int32Array shuffle (the split protocol's fast path) must draw and swap exactly as the generic
// shuffle, which is itself checked against python3: both are compared to the python3 fixture
// permutations and to each other, on the sizes where rejection sampling changes its bit width.
interface Fixture {
  cases: Array<{ seed: string; n: number; perm: number[] }>;
}
const raw = readFileSync(new URL('../packages/calibrate/test/fixtures/shuffles.json', import.meta.url), 'utf8');
const fixture = JSON.parse(raw.replace(/"seed":(\d+)/g, '"seed":"$1"')) as Fixture;

const identity = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('PythonRandom.shuffleInt32', () => {
  it(`equals python3 random.shuffle on the ${fixture.cases.length} fixture permutations (n = 1, 2, …, 2587)`, () => {
    expect(fixture.cases.some((c) => c.n === 1) && fixture.cases.some((c) => c.n === 2)).toBe(true);
    for (const c of fixture.cases) {
      const perm = new PythonRandom(BigInt(c.seed)).shuffleInt32(Int32Array.from(identity(c.n)));
      expect(Array.from(perm), `seed ${c.seed}, n ${c.n}`).toEqual(c.perm);
    }
  });

  it('equals the generic shuffle around powers of two and for wide seeds', () => {
    const sizes = [1, 2, 3, 4, 5, 31, 32, 33, 255, 256, 257, 1023, 1024, 1025, 4097];
    const seeds: Array<number | bigint> = [0, 1, 2, 41, 2 ** 31, 2n ** 64n + 3n];
    for (const seed of seeds) {
      for (const n of sizes) {
        const generic = new PythonRandom(seed).shuffle(identity(n));
        const typed = new PythonRandom(seed).shuffleInt32(Int32Array.from(identity(n)));
        expect(Array.from(typed), `seed ${seed}, n ${n}`).toEqual(generic);
      }
    }
  });

  it('continues the same stream as the scalar draws (state handed back after the shuffle)', () => {
    // 700 elements consume more than one 624-word block, so a refill happens inside the shuffle
    const a = new PythonRandom(9);
    const b = new PythonRandom(9);
    expect(a.getrandbits(32)).toBe(b.getrandbits(32));
    expect(Array.from(a.shuffleInt32(Int32Array.from(identity(700))))).toEqual(b.shuffle(identity(700)));
    expect([a.getrandbits(32), a.randbelow(1000), a.getrandbits(7)]).toEqual([b.getrandbits(32), b.randbelow(1000), b.getrandbits(7)]);
  });
});

describe('shuffleWith on an Int32Array', () => {
  it('python and seedrandom give the permutations of the generic array path', () => {
    for (const rng of ['python', 'seedrandom'] as const) {
      for (const [seed, n] of [
        [0, 1],
        [0, 2],
        [1, 2],
        [5, 3],
        [17, 600],
        [200, 2587],
      ] as const) {
        const generic = shuffleWith(rng, seed, identity(n));
        const typed = shuffleWith(rng, seed, Int32Array.from(identity(n)));
        expect(Array.from(typed), `${rng} seed ${seed}, n ${n}`).toEqual(generic);
      }
    }
  });
});

describe('makeSplits (episode units)', () => {
  it('calibration and test folds are the front of the generic shuffle of the sorted ids, for both generators', () => {
    // ids out of order (and not in code-unit order by number) so that the sort matters
    const ids = Array.from({ length: 1500 }, (_, i) => `ep-${(i * 7919) % 1500}`);
    const sorted = [...ids].sort();
    const at = new Map(ids.map((id, i) => [id, i]));
    for (const rng of ['python', 'seedrandom'] as const) {
      const splits = makeSplits(ids, null, { count: 4, baseSeed: 3, nCal: 600, nTest: 600, rng, unit: 'episode' });
      splits.forEach((s, k) => {
        const order = shuffleWith(rng, 3 + k, sorted.slice()).map((id) => at.get(id)!);
        expect(Array.from(s.cal), `${rng} split ${k}`).toEqual(order.slice(0, 600));
        expect(Array.from(s.test), `${rng} split ${k}`).toEqual(order.slice(600, 1200));
        // the folds are fresh arrays, not views of one buffer reused across splits
        expect(s.cal.buffer).not.toBe(splits[(k + 1) % splits.length]!.cal.buffer);
      });
    }
  });
});
