import { describe, expect, it } from 'vitest';
import { canonicalize } from '@carb/io';
import { isOrdered, orderEpisode, type Episode } from '../src/index.ts';

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
