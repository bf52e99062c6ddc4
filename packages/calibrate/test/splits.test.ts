import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PythonRandom, foldSizes, makeSplits, seedKey, shuffleWith, startSplitShuffles, type StartedShuffles } from '../src/index.ts';
import { shuffleRows } from '../src/shuffleRows.ts';

/** Seeds as their decimal text (see below). */
interface Fixture {
  cases: Array<{ seed: string; n: number; perm: number[] }>;
  idCases: Array<{ seed: string; ids: string[]; shuffled: string[] }>;
}
// Python's json writes 2**64 + 3 as an exact integer; JSON.parse would round it, so read seeds as text
const raw = readFileSync(new URL('./fixtures/shuffles.json', import.meta.url), 'utf8');
const fixture = JSON.parse(raw.replace(/"seed":(\d+)/g, '"seed":"$1"')) as Fixture;

describe('PythonRandom (CPython random.Random)', () => {
  it('seed key: |seed| in 32-bit words, little-endian; 0 → [0]', () => {
    expect(seedKey(0)).toEqual([0]);
    expect(seedKey(5)).toEqual([5]);
    expect(seedKey(-5)).toEqual([5]);
    expect(seedKey(2n ** 32n + 5n)).toEqual([5, 1]);
    expect(seedKey(2n ** 64n + 3n)).toEqual([3, 0, 1]);
  });

  it('first outputs match CPython for seed 0 (getrandbits(32))', () => {
    // python3 -c "import random; r=random.Random(0); print([r.getrandbits(32) for _ in range(3)])"
    const r = new PythonRandom(0);
    expect([r.getrandbits(32), r.getrandbits(32), r.getrandbits(32)]).toEqual([3626764237, 1654615998, 3255389356]);
  });

  it(`shuffle is bit-identical to python3 on ${fixture.cases.length} fixture permutations`, () => {
    expect(fixture.cases.some((c) => c.n === 2587)).toBe(true);
    for (const c of fixture.cases) {
      const perm = new PythonRandom(BigInt(c.seed)).shuffle(Array.from({ length: c.n }, (_, i) => i));
      expect(perm, `seed ${c.seed}, n ${c.n}`).toEqual(c.perm);
    }
  });

  it('sorting ids then shuffling matches Python sorted() + shuffle', () => {
    for (const c of fixture.idCases) {
      expect(shuffleWith('python', Number(c.seed), [...c.ids].sort())).toEqual(c.shuffled);
    }
  });
});

describe('makeSplits', () => {
  const ids = Array.from({ length: 984 }, (_, i) => `run-${i}`);

  it('episode level: first nCal of the shuffled sorted ids calibrate, next nTest test', () => {
    const { nCal, nTest, unit } = foldSizes('agentdojo', 984);
    expect([nCal, nTest]).toEqual([492, 492]);
    const splits = makeSplits(ids, null, { count: 3, baseSeed: 0, nCal, nTest, rng: 'python', unit });
    const order = new PythonRandom(1).shuffle([...ids].sort());
    expect(Array.from(splits[1]!.cal, (e) => ids[e])).toEqual(order.slice(0, 492));
    expect(Array.from(splits[1]!.test, (e) => ids[e])).toEqual(order.slice(492, 984));
    expect(splits.map((s) => s.seed)).toEqual([0, 1, 2]);
  });

  it('drops unused episodes when folds are smaller than the pool (graph-braid 600/600 of 2,000)', () => {
    const pool = Array.from({ length: 2000 }, (_, i) => `gb-${i}`);
    const [s] = makeSplits(pool, null, { count: 1, baseSeed: 0, ...foldSizes('graph-braid', 2000), rng: 'python' });
    expect([s!.cal.length, s!.test.length]).toEqual([600, 600]);
    expect(new Set([...s!.cal, ...s!.test]).size).toBe(1200);
  });

  it('grouped CES clean: 80 pairs of 2 → 24 + 24 whole pairs (48/48)', () => {
    const ces = Array.from({ length: 160 }, (_, i) => `ces-${i}`);
    const pairs = ces.map((_, i) => `pair-${Math.floor(i / 2)}`);
    const splits = makeSplits(ces, pairs, { count: 100, baseSeed: 0, ...foldSizes('ces-clean', 160), rng: 'python' });
    for (const s of splits) {
      expect([s.cal.length, s.test.length]).toEqual([48, 48]);
      const calPairs = new Set(Array.from(s.cal, (e) => pairs[e]));
      const testPairs = new Set(Array.from(s.test, (e) => pairs[e]));
      expect([calPairs.size, testPairs.size]).toEqual([24, 24]);
      for (const p of calPairs) expect(testPairs.has(p)).toBe(false);
    }
    // the group order is CPython's shuffle of the sorted pair ids
    const order = new PythonRandom(0).shuffle([...new Set(pairs)].sort());
    expect([...new Set(Array.from(splits[0]!.cal, (e) => pairs[e]))]).toEqual(order.slice(0, 24));
  });

  it('grouped CES near-miss: families of 4 → 24 + 24 families (96/96)', () => {
    const ces = Array.from({ length: 320 }, (_, i) => `nm-${i}`);
    const fam = ces.map((_, i) => `fam-${i % 80}`);
    const [s] = makeSplits(ces, fam, { count: 1, baseSeed: 7, ...foldSizes('ces-near-miss', 320), rng: 'python' });
    expect([s!.cal.length, s!.test.length]).toEqual([96, 96]);
    expect(new Set(Array.from(s!.cal, (e) => fam[e])).size).toBe(24);
  });

  it('seedrandom alternative: a different but deterministic permutation', () => {
    const a = makeSplits(ids, null, { count: 2, baseSeed: 0, nCal: 492, nTest: 492, rng: 'seedrandom', unit: 'episode' });
    const b = makeSplits(ids, null, { count: 2, baseSeed: 0, nCal: 492, nTest: 492, rng: 'seedrandom', unit: 'episode' });
    const p = makeSplits(ids, null, { count: 2, baseSeed: 0, nCal: 492, nTest: 492, rng: 'python', unit: 'episode' });
    expect(a[1]!.cal).toEqual(b[1]!.cal);
    expect(a[1]!.cal).not.toEqual(p[1]!.cal);
    expect(new Set([...a[0]!.cal, ...a[0]!.test]).size).toBe(984);
  });

  it('ids already in sorted order (no sort) give the splits the same ids given out of order do, episode for episode', () => {
    const sorted = Array.from({ length: 3000 }, (_, i) => `ep-${String(i).padStart(4, '0')}`);
    // the same ids in a fixed permutation: position j holds sorted[(j * 7) % 3000]
    const permuted = sorted.map((_, j) => sorted[(j * 7) % 3000]!);
    const opts = { count: 3, baseSeed: 5, nCal: 1000, nTest: 1000, rng: 'python' as const, unit: 'episode' as const };
    const a = makeSplits(sorted, null, opts);
    const b = makeSplits(permuted, null, opts);
    const idsOf = (ids: readonly string[], rows: Int32Array) => Array.from(rows, (e) => ids[e]);
    a.forEach((split, k) => {
      expect(idsOf(sorted, split.cal)).toEqual(idsOf(permuted, b[k]!.cal));
      expect(idsOf(sorted, split.test)).toEqual(idsOf(permuted, b[k]!.test));
    });
  });

  it('refuses duplicate ids and oversized folds with one clear line', () => {
    expect(() => makeSplits(['a', 'b', 'a'], null, { count: 1, baseSeed: 0, nCal: 1, nTest: 1, rng: 'python', unit: 'episode' })).toThrow(
      /episode id a occurs twice/,
    );
    expect(() => makeSplits(['a', 'b'], null, { count: 1, baseSeed: 0, nCal: 2, nTest: 1, rng: 'python', unit: 'episode' })).toThrow(
      /exceeds the 2 episodes/,
    );
  });
});

describe('makeSplits on several threads (threads > 1)', () => {
  // ids not in sorted order, so that the sorted positions matter
  const ids = Array.from({ length: 20000 }, (_, i) => `ep-${(i * 7919) % 20000}`);

  it('draws the splits of one thread, for both generators', { timeout: 60_000 }, () => {
    for (const rng of ['python', 'seedrandom'] as const) {
      const opts = { count: 9, baseSeed: 3, nCal: 600, nTest: 600, rng, unit: 'episode' as const };
      expect(makeSplits(ids, null, { ...opts, threads: 3 })).toEqual(makeSplits(ids, null, opts));
    }
  });

  it('a worker thread draws CPython shuffles of the fixture (rows written elsewhere: all of them)', { timeout: 60_000 }, async () => {
    const cases = fixture.cases.filter((c) => Number.isSafeInteger(Number(c.seed)) && c.n >= 984).slice(0, 3);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const drawn = shuffleRows({ n: c.n, keep: c.n, count: 1, baseSeed: Number(c.seed), rng: 'python' }, 2);
      // this thread waits (without claiming) until the worker has claimed the one row
      const start = Date.now();
      while (drawn.claimed() < 1 && Date.now() - start < 50_000) await new Promise((r) => setTimeout(r, 20));
      const { rows, elsewhere } = drawn.take();
      expect(elsewhere, `seed ${c.seed}: the worker claimed the row`).toBe(1);
      expect(Array.from(rows), `seed ${c.seed}, n ${c.n}`).toEqual(c.perm);
    }
  });

  // counts what makeSplits does with shuffles started ahead of it
  const watched = (started: StartedShuffles): { taken: number; stopped: number } => {
    const calls = { taken: 0, stopped: 0 };
    const rows = { ...started.rows };
    started.rows.take = () => {
      calls.taken++;
      return rows.take();
    };
    started.rows.stop = () => {
      calls.stopped++;
      rows.stop();
    };
    return calls;
  };

  it('takes shuffles started before the ids are known (startSplitShuffles): the splits of one thread', { timeout: 60_000 }, async () => {
    const opts = { count: 9, baseSeed: 3, nCal: 600, nTest: 600, rng: 'python' as const, unit: 'episode' as const };
    const started = startSplitShuffles(ids.length, { ...opts, threads: 2 })!;
    expect(started).not.toBeNull();
    const calls = watched(started);
    // the worker has begun before makeSplits is called
    const start = Date.now();
    while (started.rows.claimed() < 1 && Date.now() - start < 50_000) await new Promise((r) => setTimeout(r, 20));
    expect(makeSplits(ids, null, { ...opts, started })).toEqual(makeSplits(ids, null, opts));
    expect(calls).toEqual({ taken: 1, stopped: 0 });
  });

  it('stops shuffles started for other splits and draws its own', { timeout: 60_000 }, () => {
    const opts = { count: 5, baseSeed: 0, nCal: 300, nTest: 300, rng: 'seedrandom' as const, unit: 'episode' as const };
    for (const other of [
      { n: ids.length + 1, opts },
      { n: ids.length, opts: { ...opts, baseSeed: 1 } },
      { n: ids.length, opts: { ...opts, nCal: 301 } },
    ]) {
      const started = startSplitShuffles(other.n, { ...other.opts, threads: 2 })!;
      const calls = watched(started);
      expect(makeSplits(ids, null, { ...opts, started })).toEqual(makeSplits(ids, null, opts));
      expect(calls).toEqual({ taken: 0, stopped: 1 });
    }
    const started = startSplitShuffles(ids.length, { ...opts, threads: 2 })!;
    const calls = watched(started);
    makeSplits(
      ids,
      ids.map((id) => id.slice(0, 5)),
      { ...opts, unit: 'group', nCal: 3, nTest: 3, started },
    );
    expect(calls).toEqual({ taken: 0, stopped: 1 });
  });

  it('starts no shuffles where makeSplits would draw on this thread alone', () => {
    const opts = { count: 200, baseSeed: 0, nCal: 600, nTest: 600, rng: 'python' as const, unit: 'episode' as const };
    expect(startSplitShuffles(ids.length, opts)).toBeNull();
    expect(startSplitShuffles(ids.length, { ...opts, threads: 1 })).toBeNull();
    expect(startSplitShuffles(ids.length, { ...opts, unit: 'group', threads: 2 })).toBeNull();
    expect(startSplitShuffles(1000, { ...opts, threads: 2 })).toBeNull();
    // 200 rows of 10⁶ positions: 800 MB, past THREADED_ROWS_BYTES
    expect(startSplitShuffles(10 ** 6, { ...opts, nCal: 5e5, nTest: 5e5, threads: 2 })).toBeNull();
  });

  it('refuses duplicate ids as on one thread', { timeout: 60_000 }, () => {
    expect(() =>
      makeSplits(['a', 'b', 'a'], null, { count: 4, baseSeed: 0, nCal: 1, nTest: 1, rng: 'python', unit: 'episode', threads: 2 }),
    ).toThrow(/episode id a occurs twice/);
  });
});
