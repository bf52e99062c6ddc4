import { describe, expect, it } from 'vitest';
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
