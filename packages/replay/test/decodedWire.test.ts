import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nameRecord } from '@carb/io';
import type { DecodedLine, EpisodeHead } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { packDecoded, unpackDecoded } from '../src/decodedWire.ts';
import { replayLines } from '../src/index.ts';

const root = resolve(import.meta.dirname, '../../..');
const pipeline = loadPipeline(defaultPipelinePath());

/** A value written out with every object's own keys in order and whether it has a prototype: what a reader of the heads can tell apart. */
function shape(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return Object.is(v, -0) ? '-0' : v;
  if (Array.isArray(v)) return v.map(shape);
  return { proto: Object.getPrototypeOf(v) === null ? 'null' : 'Object', entries: Object.entries(v).map(([k, x]) => [k, shape(x)]) };
}

/** What the reading thread received before: JSON.parse of JSON.stringify of the lines. */
const viaJson = (decoded: readonly DecodedLine[]): DecodedLine[] => JSON.parse(JSON.stringify(decoded)) as DecodedLine[];

function expectSameAsJson(decoded: DecodedLine[]): void {
  const got = unpackDecoded(packDecoded(decoded));
  const want = viaJson(decoded);
  expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  // prototypes aside (a tool named like an Object.prototype member is an own key either way), the same objects
  const entries = (ds: DecodedLine[]) => ds.map((d) => ('head' in d ? { ...d.head, tools: Object.entries(d.head.tools ?? {}) } : d));
  expect(shape(entries(got))).toEqual(shape(entries(want)));
}

const source = (over: Partial<EpisodeHead['source']> = {}): EpisodeHead['source'] => ({
  format: 'graph-braid',
  file: null,
  model: null,
  suite: 'graph-braid',
  userTask: null,
  injectionTask: null,
  attack: null,
  ...over,
});

const head = (id: string, over: Partial<EpisodeHead> = {}): { head: EpisodeHead } => ({
  head: {
    id,
    group: id,
    source: source(),
    flags: { aborted: null, textOnlyCalls: false },
    calls: 3,
    untypedCalls: 0,
    tools: { read: 2, send: 1 },
    ...over,
  },
});

describe('packDecoded / unpackDecoded: a chunk of decoded lines from a replay worker', () => {
  it('gives what a JSON round trip gave, for the heads replayLines makes of graph-braid lines', () => {
    const lines = readFileSync(resolve(root, 'corpora/graph-braid.jsonl'), 'utf8').split('\n').slice(1, 65);
    const bytes = Buffer.from(lines.join(''));
    const done = replayLines(
      { bytes, lengths: lines.map((l) => Buffer.byteLength(l)), lineNumbers: lines.map((_, i) => i + 2), maxLine: 1 << 20 },
      pipeline,
      [{ method: 'g-carb', selector: pipeline.selector }],
      null,
    );
    expect(done.decoded.filter((d) => 'head' in d).length).toBe(64);
    expectSameAsJson(done.decoded);
    // written once a chunk: the 64 heads share their source and flags
    expect(packDecoded(done.decoded).length).toBeLessThan(JSON.stringify(done.decoded).length / 4);
  });

  it('keeps skips, groups, tool order and names, and sources and flags that change from head to head', () => {
    // as toolCounts makes it for tools named like Object.prototype members
    const special = nameRecord<number>();
    for (const [tool, calls] of [
      ['__proto__', 2],
      ['constructor', 1],
      ['10', 1],
      ['2', 3],
      ['b', 1],
    ] as const)
      special[tool] = calls;
    expectSameAsJson([
      head('e1'),
      { reason: 'malformed-json', record: 'line 3', message: 'malformed JSON (x)' },
      head('e2', { group: 'g7' }),
      head('e3', { source: source({ model: 'm\ud800', file: 'a.jsonl' }) }),
      head('e4'),
      head('e5', { flags: { aborted: 'timeout', textOnlyCalls: true }, tools: special }),
      head('e6', { tools: {}, calls: 0 }),
      head('e7', { source: source({ userTask: 'u1' }) }),
      head('e8', { source: source({ userTask: 'u2' }) }),
      head('e9', { source: source({ userTask: 'u1' }) }),
    ]);
  });

  it('writes a head of any other shape as it stands', () => {
    const reordered = { ...head('r1').head };
    const { id, ...rest } = reordered;
    expectSameAsJson([
      head('a', { calls: undefined }),
      head('b', { tools: { x: 1.5 } }),
      { head: { ...rest, id } },
      { head: { ...head('c').head, extra: 1 } as EpisodeHead },
      head('d', { source: { ...source(), nested: { a: 1 } } as unknown as EpisodeHead['source'] }),
      head('e', { calls: -0 }),
      head('f', { untypedCalls: 2 ** 60 }),
    ]);
  });

  it('does not take an object for the one before it when only their key order differs', () => {
    // the same values in the same places, under keys in another order
    const flipped = {
      format: 'graph-braid',
      model: null,
      file: null,
      suite: 'graph-braid',
      userTask: null,
      injectionTask: null,
      attack: null,
    };
    expectSameAsJson([head('a'), head('b', { source: flipped as EpisodeHead['source'] }), head('c')]);
  });
});
