import { describe, expect, it } from 'vitest';
import { canonicalize } from '@carb/io';
import { isOrdered, orderEpisode, type Episode, type JsonObject } from '../src/index.ts';
import { inCanonicalForm } from '../src/order.ts';

const episode = (steps: unknown[]): Episode => ({
  id: 'e',
  group: 'e',
  source: { format: 'jsonl', file: null, model: null, suite: null, userTask: null, injectionTask: null, attack: null },
  request: null,
  steps: steps as Episode['steps'],
  outcome: { taskCompleted: false, completedAtStep: null },
  benchmark: null,
  injections: {},
  flags: { aborted: null, textOnlyCalls: false },
  externalScores: null,
});

describe('orderEpisode', () => {
  it('reuses a step already in encoder form, and rebuilds one that is not, to the same JSON', () => {
    const inOrder = {
      index: 0,
      tool: 't',
      args: { a: 1, b: { c: [1, { d: 2, e: 3 }] } },
      result: 'r',
      error: null,
      ok: true,
      provenance: { branch: 'x', inputs: ['i'] },
    };
    const keysOff = { tool: 't', index: 1, args: { a: 1 }, result: 'r', error: null, ok: true };
    const argsOff = { index: 2, tool: 't', args: { b: 1, a: 2 }, result: 'r', error: null, ok: true };
    const nestedOff = { index: 3, tool: 't', args: { a: { z: 1, y: 2 } }, result: 'r', error: null, ok: true };
    const integerKeys = { index: 4, tool: 't', args: { 10: 'x', 2: 'y', a: 1 }, result: 'r', error: null, ok: true };
    const provenanceOff = { index: 5, tool: 't', args: {}, result: 'r', error: null, ok: true, provenance: { inputs: ['i'], branch: 'x' } };
    const undefinedProvenance = { index: 6, tool: 't', args: {}, result: 'r', error: null, ok: true, provenance: undefined };
    const ordered = orderEpisode(episode([inOrder, keysOff, argsOff, nestedOff, integerKeys, provenanceOff, undefinedProvenance]));
    expect(isOrdered(ordered)).toBe(true);
    expect(ordered.steps[0]).toBe(inOrder);
    for (let t = 1; t < 7; t++)
      expect(ordered.steps[t]).not.toBe([keysOff, argsOff, nestedOff, integerKeys, provenanceOff, undefinedProvenance][t - 1]);
    // each written out in encoder order by hand
    expect(ordered.steps.map((s) => JSON.stringify(s))).toEqual([
      '{"index":0,"tool":"t","args":{"a":1,"b":{"c":[1,{"d":2,"e":3}]}},"result":"r","error":null,"ok":true,"provenance":{"branch":"x","inputs":["i"]}}',
      '{"index":1,"tool":"t","args":{"a":1},"result":"r","error":null,"ok":true}',
      '{"index":2,"tool":"t","args":{"a":2,"b":1},"result":"r","error":null,"ok":true}',
      '{"index":3,"tool":"t","args":{"a":{"y":2,"z":1}},"result":"r","error":null,"ok":true}',
      `{"index":4,"tool":"t","args":${JSON.stringify(canonicalize({ 10: 'x', 2: 'y', a: 1 }))},"result":"r","error":null,"ok":true}`,
      '{"index":5,"tool":"t","args":{},"result":"r","error":null,"ok":true,"provenance":{"branch":"x","inputs":["i"]}}',
      '{"index":6,"tool":"t","args":{},"result":"r","error":null,"ok":true}',
    ]);
    expect('provenance' in ordered.steps[6]!).toBe(false);
  });
});

describe('inCanonicalForm', () => {
  it('returns a value already in canonicalize form as it is, at every depth', () => {
    const v = { a: [1, { x: 'y', z: null }], b: { c: true } };
    expect(inCanonicalForm(v)).toBe(v);
    const s = 'text';
    expect(inCanonicalForm(s)).toBe(s);
  });

  it("copies any other value into canonicalize's form, the input left as it was", () => {
    const values: JsonObject[] = [
      { b: 1, a: 2 },
      { a: { d: 1, c: 2 } },
      { a: [{ y: 1, x: 2 }] },
      { a: 0, 2: 'y', 10: 'x' },
      { é: 4, B: 1 },
    ];
    for (const v of values) {
      const before = JSON.stringify(v);
      const out = inCanonicalForm(v);
      expect(out).not.toBe(v);
      expect(JSON.stringify(out)).toBe(JSON.stringify(canonicalize(v)));
      expect(JSON.stringify(v)).toBe(before);
    }
    // code units: "B" (0x42) < "_" (0x5f) < "a" (0x61) < "é" (0xe9); integer-like keys enumerate first in any object
    expect(JSON.stringify(inCanonicalForm({ é: 4, a: 3, _: 2, B: 1 }))).toBe('{"B":1,"_":2,"a":3,"é":4}');
    expect(JSON.stringify(inCanonicalForm({ a: 0, 10: 'x', 2: 'y' }))).toBe('{"2":"y","10":"x","a":0}');
  });
});
