import { describe, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { distributions, type EpisodeFindings } from '../src/index.ts';

// Figure 4's counts are keyed by agent (the log's model) and tool name, both the log's own text:
// names JS objects inherit ("__proto__", "constructor", "toString") are counted like any other.

/** An episode of `model` whose mutating call `tool` (step 1) skipped the read-only `skipped`. */
function flagged(model: string, tool: string, skipped: string): [Episode, EpisodeFindings] {
  const ep = { id: 'x', source: { model } } as unknown as Episode;
  const failures = [{ step: 1, tool, needed: [{ tool: skipped }] }] as unknown as EpisodeFindings['failures'];
  return [ep, { episode: 'x', agent: model, mutatingSteps: [1], failures }];
}

describe('distributions: counts by agent and tool', () => {
  it('counts agents and tools named like Object.prototype members, and leaves Object.prototype alone', () => {
    const list = [
      flagged('__proto__', 'constructor', 'toString'),
      flagged('__proto__', 'constructor', 'get_user'),
      flagged('constructor', '__proto__', 'hasOwnProperty'),
    ];
    const d = distributions(
      list.map((t) => t[0]),
      list.map((t) => t[1]),
      () => true,
    );
    expect(JSON.parse(JSON.stringify(d.byMutatingTool))).toEqual(
      JSON.parse('{"__proto__":{"constructor":2},"constructor":{"__proto__":1}}'),
    );
    expect(JSON.parse(JSON.stringify(d.bySkippedTool))).toEqual(
      JSON.parse('{"__proto__":{"toString":1,"get_user":1},"constructor":{"hasOwnProperty":1}}'),
    );
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});
