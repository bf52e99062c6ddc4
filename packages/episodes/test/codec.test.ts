import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  decodeArrow,
  decodeJsonl,
  encodeArrow,
  encodeJsonl,
  eligibleForCalibration,
  readCorpus,
  readLabelsBeside,
  type Episode,
} from '@carb/episodes';

const FIX = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtures = () => readCorpus([join(FIX, 'runs'), join(FIX, 'single/run.json')]).episodes;

function constructed(): Episode {
  return {
    id: 'ces/pair-1/leak',
    group: 'ces/pair-1',
    source: { format: 'ces', file: null, model: null, suite: 'ces', userTask: null, injectionTask: null, attack: null },
    request: null,
    steps: [
      {
        index: 0,
        tool: 'read_file',
        args: { z: 1, a: [{ y: null, b: true }] },
        result: 'CANARY-ABC123',
        error: null,
        ok: true,
        provenance: { branch: 'b1', outputs: ['d1'] },
      },
      { index: 1, tool: 'send_email', args: {}, result: '', error: null, ok: true, provenance: { inputs: ['d1'], objects: [] } },
    ],
    outcome: { taskCompleted: true, completedAtStep: 0 },
    benchmark: null,
    injections: {},
    flags: { aborted: null, textOnlyCalls: false },
    externalScores: [0.25, 1],
  };
}

describe('JSONL and Arrow codecs', () => {
  it('JSONL → Arrow → JSONL is byte-identical (fixtures plus a constructed episode with provenance and scores)', () => {
    const eps = [...fixtures(), constructed()];
    const jsonl = encodeJsonl(eps);
    const back = decodeArrow(encodeArrow(decodeJsonl(jsonl, 'x.jsonl').episodes), 'x.arrow');
    expect(back.problems).toEqual([]);
    expect(encodeJsonl(back.episodes)).toBe(jsonl);
    expect(back.episodes[6]).toEqual(eps[6]);
  });

  it('writes canonical key order, so key order in the input does not matter', () => {
    const ep = constructed();
    const line = encodeJsonl([ep]);
    expect(line.startsWith('{"id":"ces/pair-1/leak","group":"ces/pair-1","source":{"format":"ces",')).toBe(true);
    expect(line).toContain('"args":{"a":[{"b":true,"y":null}],"z":1}');
    expect(line).toContain('"provenance":{"objects":[],"inputs":["d1"]}');
    expect(encodeJsonl(decodeJsonl(line, 'x').episodes)).toBe(line);
  });

  it('writes the user request after source, leaves a null one out, and reads a line without it as null', () => {
    const ep = constructed();
    const none = encodeJsonl([ep]);
    expect(none).not.toContain('"request"');
    // a line written before the field existed (the bundled corpora) reads as request null, bytes unchanged
    expect(decodeJsonl(none, 'x').episodes[0]!.request).toBeNull();
    expect(encodeJsonl(decodeJsonl(none.replace('"source":', '"request":null,"source":'), 'x').episodes)).toBe(none);
    const asked = encodeJsonl([{ ...ep, request: "Send it to 'a@b.example'." }]);
    expect(asked).toContain(`"attack":null},"request":"Send it to 'a@b.example'.","steps":[`);
    const back = decodeArrow(encodeArrow(decodeJsonl(asked + none, 'x').episodes), 'x.arrow');
    expect(back.episodes.map((e) => e.request)).toEqual(["Send it to 'a@b.example'.", null]);
    expect(encodeJsonl(back.episodes)).toBe(asked + none);
  });

  it("carries each fixture log's user request through JSONL and Arrow", () => {
    const eps = fixtures();
    expect(eps.map((e) => e.request)).toEqual([
      'Pay the bill.',
      'Book a hotel.',
      'Delete file 7.',
      'Read general.',
      'When is the meeting?',
      'Balance?',
    ]);
    const viaArrow = decodeArrow(encodeArrow(eps), 'f.arrow').episodes;
    const viaJsonl = decodeJsonl(encodeJsonl(eps), 'f.jsonl').episodes;
    expect(viaArrow.map((e) => e.request)).toEqual(eps.map((e) => e.request));
    expect(viaJsonl).toEqual(eps);
  });

  it('encodes an empty corpus', () => {
    expect(decodeArrow(encodeArrow([]), 'e.arrow')).toEqual({ episodes: [], problems: [], skipped: {} });
  });

  it('reports bad JSONL lines one by one and keeps the good ones', () => {
    const good = encodeJsonl([constructed()]).trim();
    const bad = JSON.stringify({ ...constructed(), id: 'x2', steps: [{ ...constructed().steps[0], index: 3 }], externalScores: null });
    const text = [good, '{"id": ', bad, '', '[1]'].join('\n');
    const r = decodeJsonl(text, 'c.jsonl');
    expect(r.episodes.map((e) => e.id)).toEqual(['ces/pair-1/leak']);
    expect(r.skipped).toEqual({ 'malformed-json': 1, 'invalid-episode': 2 });
    expect(r.problems[0]!.record).toBe('line 2');
    expect(r.problems[1]).toEqual({
      file: 'c.jsonl',
      record: 'line 3, episode x2',
      message: 'invalid episode: /steps/0/index: expected 0 (its position), found number 3',
    });
    expect(r.problems[2]!.message).toBe('invalid episode: /: expected an object, found an array (length 1)');
  });

  it('reports a non-Arrow file as one problem', () => {
    const r = decodeArrow(new TextEncoder().encode('not arrow at all'), 'n.arrow');
    expect(r.episodes).toEqual([]);
    expect(r.skipped).toEqual({ 'malformed-arrow': 1 });
  });
});

describe('readCorpus problems and labels', () => {
  it('flags empty folders, missing paths and duplicate ids; aborted episodes are not eligible', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-h1-'));
    mkdirSync(join(dir, 'empty'));
    const eps = fixtures();
    writeFileSync(join(dir, 'a.jsonl'), encodeJsonl(eps));
    writeFileSync(join(dir, 'b.arrow'), encodeArrow(eps.slice(0, 2)));
    const r = readCorpus([join(dir, 'empty'), join(dir, 'nope'), join(dir, 'a.jsonl'), join(dir, 'b.arrow')]);
    expect(r.summary.episodes).toBe(6);
    expect(r.summary.files).toBe(2);
    expect(r.summary.skipped).toEqual({ empty: 1, unreadable: 1, 'duplicate-id': 2 });
    expect(r.problems[3]).toEqual({
      file: join(dir, 'b.arrow'),
      record: eps[1]!.id,
      message: `expected a unique episode id, found a duplicate of the episode in ${join(dir, 'a.jsonl')}`,
    });
    expect(r.episodes.filter((e) => eligibleForCalibration(e))).toHaveLength(5);
    expect(r.episodes.filter((e) => eligibleForCalibration(e, { includeAborted: true }))).toHaveLength(6);
  });

  it('reads <corpus>.labels.jsonl beside a corpus', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-h1-'));
    writeFileSync(join(dir, 'c.jsonl'), encodeJsonl([constructed()]));
    writeFileSync(
      join(dir, 'c.labels.jsonl'),
      `${JSON.stringify({ id: 'ces/pair-1/leak', pair: 'pair-1', kind: 'leak', harmful: true, sinkStep: 1, benignBranchSteps: [] })}\n{"id":"y","pair":"p","kind":"benign","harmful":"no","sinkStep":null,"benignBranchSteps":[]}\n` +
        '{"id":"z","pair":"p","kind":"benign","harmful":false,"sinkStep":1.5,"benignBranchSteps":[0,"1"],"extra":1}\n7\n',
    );
    const r = readLabelsBeside([join(dir, 'c.jsonl')])!;
    expect(r.labels).toEqual([{ id: 'ces/pair-1/leak', pair: 'pair-1', kind: 'leak', harmful: true, sinkStep: 1, benignBranchSteps: [] }]);
    // configs/schema/labels.schema.json: one line per problem of a line, each naming the key
    const labelsFile = join(dir, 'c.labels.jsonl');
    expect(r.problems).toEqual([
      { file: labelsFile, record: 'line 2', message: '/harmful: expected a boolean, found string "no"' },
      {
        file: labelsFile,
        record: 'line 3',
        message: '/extra: unknown key (number 1); expected one of "id", "pair", "kind", "harmful", "sinkStep", "benignBranchSteps"',
      },
      { file: labelsFile, record: 'line 3', message: '/sinkStep: expected an integer or null, found number 1.5' },
      { file: labelsFile, record: 'line 3', message: '/benignBranchSteps/1: expected an integer, found string "1"' },
      {
        file: labelsFile,
        record: 'line 4',
        message: 'expected a labels object {id, pair, kind, harmful, sinkStep, benignBranchSteps}, found number 7',
      },
    ]);
    // the labels file is not read as a corpus
    expect(readCorpus([dir]).summary.episodes).toBe(1);
    expect(readLabelsBeside([join(FIX, 'runs')])).toBeNull();
  });
});
