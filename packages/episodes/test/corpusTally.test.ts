import { describe, expect, it } from 'vitest';
import { MAX_MERGED_RUNS, seededRandom } from '@carb/io';
import { CorpusTally } from '../src/corpusTally.ts';

const ep = (id: string) => ({ id, flags: { aborted: null, textOnlyCalls: false } });

// The rule written out: the first occurrence of an id is kept, each later one is a duplicate of its file.
function reference(files: ReadonlyArray<readonly [string, readonly string[]]>) {
  const first = new Map<string, string>();
  const kept: string[] = [];
  const duplicates: string[] = [];
  for (const [file, ids] of files)
    for (const id of ids) {
      const f = first.get(id);
      if (f !== undefined) duplicates.push(`${file} ${id} in ${f}`);
      else {
        first.set(id, file);
        kept.push(id);
      }
    }
  return { kept, duplicates };
}

function tallied(files: ReadonlyArray<readonly [string, readonly string[]]>) {
  const t = new CorpusTally();
  const kept: string[] = [];
  for (const [file, ids] of files) {
    for (const e of t.keep(ids.map(ep), file)) kept.push(e.id);
    t.endFile();
  }
  const duplicates = t.problems.map((p) => `${p.file} ${p.record ?? ''} in ${/in (\S+)$/.exec(p.message)![1]!}`);
  return { kept, duplicates, skipped: t.skipped['duplicate-id'] ?? 0 };
}

describe('CorpusTally.keep: duplicate ids, whatever the order the ids come in', () => {
  const cases: Record<string, Array<[string, string[]]>> = {
    'ascending throughout, across files': [
      ['a', ['e1', 'e2', 'e3']],
      ['b', ['e4', 'e5']],
    ],
    'a repeat of the last id': [['a', ['e1', 'e2', 'e2', 'e3']]],
    'a repeat of an early id after an ascending run, then more ids in and out of order': [
      ['a', ['e1', 'e2', 'e3', 'e4']],
      ['b', ['e5', 'e2', 'e6', 'e0', 'e0', 'e4', 'e7']],
    ],
    'out of order from the start': [['a', ['e3', 'e1', 'e2', 'e1', 'e3']]],
    'the same file twice': [
      ['a', ['e1', 'e2']],
      ['b', ['e1', 'e2']],
    ],
    // graph-braid's ids past gb-9999 (three ascending runs), with repeats of the first run, of the second and of the third
    'ids numbered past their padding, repeats reaching back into each run': [
      ['a', ['gb-0000', 'gb-0005', 'gb-9999', 'gb-10000', 'gb-10005', 'gb-99999']],
      ['b', ['gb-100000', 'gb-0005', 'gb-10005', 'gb-100001', 'gb-100000', 'gb-0006', 'gb-9999']],
    ],
    // one more run than the runs kept in arrays: the rest is checked in the map
    'more ascending runs than are kept as runs': [
      ['a', Array.from({ length: MAX_MERGED_RUNS + 3 }, (_, r) => [`r${r}-b`, `r${r}-c`]).flat()],
      ['b', ['r0-b', `r${MAX_MERGED_RUNS + 2}-c`, 'r1-a', 'r1-a', `r${MAX_MERGED_RUNS}-b`]],
    ],
    'an id below the first of every run': [['a', ['m', 'n', 'c', 'd', 'a', 'a', 'b']]],
  };
  for (const [name, files] of Object.entries(cases))
    it(name, () => {
      const want = reference(files);
      const got = tallied(files);
      expect(got.kept).toEqual(want.kept);
      expect(got.duplicates).toEqual(want.duplicates);
      expect(got.skipped).toBe(want.duplicates.length);
    });
});

describe('CorpusTally.keep against the map-based rule on seeded random orders', () => {
  it('200 corpora of 1–3 files: shuffled, runs of ids with repeats, and sorted ids', () => {
    const rng = seededRandom('corpusTally');
    const int = (k: number) => Math.floor(rng() * k);
    for (let c = 0; c < 200; c++) {
      const pool = Array.from({ length: 5 + int(40) }, (_, i) => `id-${i}`);
      const draw = () => Array.from({ length: int(30) }, () => pool[int(pool.length)]!);
      // some corpora as ascending runs (each file sorted), the rest in draw order
      const files: Array<[string, string[]]> = Array.from({ length: 1 + int(3) }, (_, f) => [`f${f}`, c % 2 ? draw().sort() : draw()]);
      const want = reference(files);
      const got = tallied(files);
      expect(got.kept).toEqual(want.kept);
      expect(got.duplicates).toEqual(want.duplicates);
    }
  });
});
