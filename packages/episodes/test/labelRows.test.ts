import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelRowsOf, readLabelRowsBeside, readLabelsBeside, shareLabelIds, type EpisodeLabels } from '../src/index.ts';
import { stepsOf, writtenLabels } from '../src/labelLine.ts';

const line = (l: EpisodeLabels) => `${JSON.stringify(l)}\n`;

describe('labels read as columns (LabelRows)', () => {
  it('holds each label as one row: ids, pairs, kinds, harmful, sinkStep (NaN for null), one copy per distinct step list', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-labelrows-'));
    writeFileSync(join(dir, 'c.jsonl'), '');
    writeFileSync(
      join(dir, 'c.labels.jsonl'),
      line({ id: 'a', pair: 'a', kind: 'benign', harmful: false, sinkStep: null, benignBranchSteps: [3, 1, 3] }) +
        line({ id: 'b', pair: 'p', kind: 'harmful', harmful: true, sinkStep: 4, benignBranchSteps: [] }) +
        '{"id":"bad","pair":"bad","kind":"benign","harmful":1,"sinkStep":null,"benignBranchSteps":[]}\n' +
        line({ id: 'c', pair: 'c', kind: 'benign', harmful: false, sinkStep: null, benignBranchSteps: [3, 1, 3] }),
    );
    const r = readLabelRowsBeside([join(dir, 'c.jsonl')])!;
    expect(r.rows.ids).toEqual(['a', 'b', 'c']);
    expect(r.rows.pairs).toEqual(['a', 'p', 'c']);
    expect(r.rows.kinds).toEqual(['benign', 'harmful', 'benign']);
    expect([...r.rows.harmful]).toEqual([0, 1, 0]);
    expect([...r.rows.sinkStep]).toEqual([NaN, 4, NaN]);
    // rows a and c share the list [3, 1, 3], kept as given (alignment sorts and deduplicates it)
    expect([...r.rows.stepList]).toEqual([0, 1, 0]);
    expect(r.rows.stepLists).toEqual([[3, 1, 3], []]);
    expect(r.problems).toEqual([
      { file: join(dir, 'c.labels.jsonl'), record: 'line 3', message: '/harmful: expected a boolean, found number 1' },
    ]);
    // the objects readLabelsBeside gives are the same rows
    expect(readLabelsBeside([join(dir, 'c.jsonl')])!.labels).toEqual([
      { id: 'a', pair: 'a', kind: 'benign', harmful: false, sinkStep: null, benignBranchSteps: [3, 1, 3] },
      { id: 'b', pair: 'p', kind: 'harmful', harmful: true, sinkStep: 4, benignBranchSteps: [] },
      { id: 'c', pair: 'c', kind: 'benign', harmful: false, sinkStep: null, benignBranchSteps: [3, 1, 3] },
    ]);
  });

  it('grows past its first capacity, and gives the rows of labels made in memory (labelRowsOf)', () => {
    const labels: EpisodeLabels[] = Array.from({ length: 3000 }, (_, i) => ({
      id: `e${i}`,
      pair: `e${i}`,
      kind: i % 3 === 0 ? 'harmful' : 'benign',
      harmful: i % 3 === 0,
      sinkStep: i % 3 === 0 ? i % 7 : null,
      benignBranchSteps: i % 2 === 0 ? [1, 2] : [],
    }));
    const rows = labelRowsOf(labels);
    expect(rows.ids).toHaveLength(3000);
    expect(rows.harmful).toHaveLength(3000);
    expect(rows.ids[2999]).toBe('e2999');
    // 2997 = 3 · 999: harmful, sink 2997 mod 7 = 1; 2998 is not
    expect(rows.harmful[2997]).toBe(1);
    expect(rows.sinkStep[2997]).toBe(1);
    expect(rows.harmful[2998]).toBe(0);
    expect(rows.sinkStep[2998]).toBeNaN();
    expect(rows.stepLists).toEqual([[1, 2], []]);
    expect(rows.stepList[2998]).toBe(0);
    expect(rows.stepList[2999]).toBe(1);
  });

  it('gives no rows of a labels file it cannot read to its end, only that problem, and keeps the other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-labelrows-'));
    writeFileSync(join(dir, 'a.jsonl'), '');
    writeFileSync(join(dir, 'b.jsonl'), '');
    writeFileSync(
      join(dir, 'a.labels.jsonl'),
      line({ id: 'a', pair: 'a', kind: 'benign', harmful: false, sinkStep: null, benignBranchSteps: [] }),
    );
    // a directory opens, then fails on its first read
    mkdirSync(join(dir, 'b.labels.jsonl'));
    const r = readLabelRowsBeside([join(dir, 'a.jsonl'), join(dir, 'b.jsonl')])!;
    expect(r.rows.ids).toEqual(['a']);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.file).toBe(join(dir, 'b.labels.jsonl'));
    expect(r.problems[0]!.message).toMatch(/^expected a readable labels file \(/);
  });

  it('reads files over one chunk with their rows reserved from the first (estimated low or high), as labelRowsOf builds them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-labelrows-'));
    const label = (i: number, steps: number): EpisodeLabels => ({
      id: `e${i}`,
      pair: i % 5 === 0 ? `p${i}` : `e${i}`,
      kind: i % 3 === 0 ? 'harmful' : 'benign',
      harmful: i % 3 === 0,
      sinkStep: i % 3 === 0 ? i % 7 : null,
      benignBranchSteps: Array.from({ length: steps }, (_, k) => k + (i % 4)),
    });
    // a: ~1.2 MB of long lines then short ones (the first 1 MB reads fewer rows than there are);
    // b: short lines then long ones (it reads more), read after a's rows are in
    const a = Array.from({ length: 12_000 }, (_, i) => label(i, i < 4_000 ? 60 : 1));
    const b = Array.from({ length: 12_000 }, (_, i) => label(20_000 + i, i < 9_000 ? 1 : 60));
    writeFileSync(join(dir, 'a.jsonl'), '');
    writeFileSync(join(dir, 'b.jsonl'), '');
    writeFileSync(join(dir, 'a.labels.jsonl'), a.map(line).join(''));
    writeFileSync(join(dir, 'b.labels.jsonl'), b.map(line).join(''));
    const r = readLabelRowsBeside([join(dir, 'a.jsonl'), join(dir, 'b.jsonl')])!;
    expect(r.problems).toEqual([]);
    const want = labelRowsOf([...a, ...b]);
    expect(r.rows.ids).toHaveLength(24_000);
    expect(r.rows.harmful).toHaveLength(24_000);
    expect(r.rows).toEqual(want);
    expect(r.rows.ids.every((id, k) => id === want.ids[k])).toBe(true);
  });

  it("takes the episodes' id array when the labels are in their order (shareLabelIds), and leaves labels in another order alone", () => {
    const labels = ['a', 'b'].map((id) => ({
      id,
      pair: id === 'a' ? 'a' : 'p',
      kind: 'benign',
      harmful: false,
      sinkStep: null,
      benignBranchSteps: [],
    }));
    const inOrder = labelRowsOf(labels);
    const ids = ['a', 'b'];
    shareLabelIds(inOrder, ids);
    expect(inOrder.ids).toBe(ids);
    expect(inOrder.pairs).toEqual(['a', 'p']);
    const other = labelRowsOf(labels);
    const before = other.ids;
    shareLabelIds(other, ['b', 'a']);
    expect(other.ids).toBe(before);
    expect(other.ids).toEqual(['a', 'b']);
  });
});

describe('labels lines in the form carb writes (writtenLabels)', () => {
  it('reads a line as JSON.stringify writes it: strings, boolean, sinkStep, steps as written', () => {
    expect(writtenLabels('{"id":"gb-7","pair":"gb-6","kind":"harmful","harmful":true,"sinkStep":15,"benignBranchSteps":[1,3,10]}')).toEqual(
      {
        labels: { id: 'gb-7', pair: 'gb-6', kind: 'harmful', harmful: true, sinkStep: 15 },
        stepsText: '1,3,10',
      },
    );
    expect(writtenLabels('{"id":"a","pair":"a","kind":"benign","harmful":false,"sinkStep":null,"benignBranchSteps":[]}')).toEqual({
      labels: { id: 'a', pair: 'a', kind: 'benign', harmful: false, sinkStep: null },
      stepsText: '',
    });
    expect(writtenLabels('{"id":"é ü","pair":"","kind":"k","harmful":false,"sinkStep":-3,"benignBranchSteps":[0,-2]}')?.labels).toEqual({
      id: 'é ü',
      pair: '',
      kind: 'k',
      harmful: false,
      sinkStep: -3,
    });
    expect(stepsOf('0,-2,999999999999999')).toEqual([0, -2, 999999999999999]);
    expect(stepsOf('')).toEqual([]);
  });

  it('leaves every other line to JSON.parse and the schema (spacing, escapes, key order, other numbers, extra keys)', () => {
    const others = [
      '{"id": "a","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[]}',
      '{"id":"a\\"b","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[]}',
      '{"id":"a\\u0041","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[]}',
      '{"id":"a\tb","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[]}',
      '{"pair":"a","id":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[]}',
      '{"id":"a","pair":"a","kind":"b","harmful":false,"sinkStep":1.0,"benignBranchSteps":[]}',
      '{"id":"a","pair":"a","kind":"b","harmful":false,"sinkStep":-0,"benignBranchSteps":[]}',
      '{"id":"a","pair":"a","kind":"b","harmful":false,"sinkStep":01,"benignBranchSteps":[]}',
      '{"id":"a","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[1234567890123456]}',
      '{"id":"a","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[1,]}',
      '{"id":"a","pair":"a","kind":"b","harmful":0,"sinkStep":null,"benignBranchSteps":[]}',
      '{"id":"a","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[],"x":1}',
      '{"id":"a","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[]}\r',
      ' {"id":"a","pair":"a","kind":"b","harmful":false,"sinkStep":null,"benignBranchSteps":[]}',
    ];
    for (const l of others) expect(writtenLabels(l), l).toBeNull();
  });

  it('gives the rows JSON.parse gives, whichever path a line takes, in one file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-labelrows-'));
    writeFileSync(join(dir, 'c.jsonl'), '');
    writeFileSync(
      join(dir, 'c.labels.jsonl'),
      '{"id":"a","pair":"a","kind":"benign","harmful":false,"sinkStep":null,"benignBranchSteps":[3,1]}\n' +
        '{ "id":"b","pair":"p","kind":"benign","harmful":true,"sinkStep":2.0,"benignBranchSteps":[3, 1] }\n' +
        '{"id":"c","pair":"q","kind":"harmful","harmful":true,"sinkStep":2,"benignBranchSteps":[]}\n',
    );
    const r = readLabelRowsBeside([join(dir, 'c.jsonl')])!;
    expect(r.problems).toEqual([]);
    expect(r.rows.ids).toEqual(['a', 'b', 'c']);
    expect(r.rows.pairs).toEqual(['a', 'p', 'q']);
    expect(r.rows.kinds).toEqual(['benign', 'benign', 'harmful']);
    expect([...r.rows.harmful]).toEqual([0, 1, 1]);
    expect([...r.rows.sinkStep]).toEqual([NaN, 2, 2]);
    // the written [3,1] and the spaced [3, 1] are one list
    expect([...r.rows.stepList]).toEqual([0, 0, 1]);
    expect(r.rows.stepLists).toEqual([[3, 1], []]);
    expect(Object.isFrozen(r.rows.stepLists[0])).toBe(true);
  });
});
