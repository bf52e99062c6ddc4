import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { SELECTOR_KINDS, formatScore, withSelector, type SelectorKind } from '@carb/pipeline';
import { explainEpisode, scoreEpisode } from '@carb/replay';
import { SHARED_SAMPLE, stratifiedSample } from './helpers/episodeSample.ts';
import { bundledEpisodes, defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { ROOT, describeShared } from './helpers/shared.ts';

// Decision introspection must explain the score the gate decides on, not a recomputation that
// could drift: its score, context size and fired features are checked against replay's scoring
// pass, and the features' weights, summed here in hundredths (Table 1 weights have two places)
// and clipped to [0, 1], must give that score.

function expectExplained(episodes: readonly Episode[], kinds: readonly SelectorKind[]): number {
  const base = defaultPipeline();
  let decisions = 0;
  for (const kind of kinds) {
    const pipeline = withSelector(base, { kind });
    for (const ep of episodes) {
      const replay = scoreEpisode(ep, pipeline, pipeline.selector);
      const x = explainEpisode(ep, pipeline, null);
      expect(x.steps.length, ep.id).toBe(ep.steps.length);
      x.steps.forEach((s, t) => {
        const e = s.explanation;
        expect(formatScore(e.score), `${ep.id} ${kind} step ${t}`).toBe(formatScore(replay.scores[t]!));
        expect(e.context.length).toBe(replay.contextSize[t]);
        expect(e.context.at(-1)).toMatchObject({ node: t, role: 'proposal' });
        const hundredths = e.features.reduce((a, f) => a + Math.round(f.weight * 100), 0);
        expect(formatScore({ kind: 'exact', units: Math.min(100, Math.max(0, hundredths)), denominator: 100 })).toBe(formatScore(e.score));
        // every path runs forward through selected records to the proposal
        const selected = new Set(e.context.map((r) => r.node));
        for (const r of e.context)
          if (r.path) expect(r.path.every((n, k) => selected.has(n) && (k === 0 || n > r.path![k - 1]!)) && r.path.at(-1) === t).toBe(true);
        decisions++;
      });
    }
  }
  return decisions;
}

describe("explainDecision: the explained score is the gate's", () => {
  it('the first 80 episodes of ces-near-miss (20 leak families), every selector', () => {
    const episodes = bundledEpisodes('ces-near-miss').slice(0, 80);
    // logged proposals of the file's first 80 episode lines, five selectors
    const lines = readFileSync(join(ROOT, 'corpora/ces-near-miss.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{"id"'))
      .slice(0, 80);
    const steps = lines.reduce((a, l) => a + (JSON.parse(l) as { steps: unknown[] }).steps.length, 0);
    expect(expectExplained(episodes, SELECTOR_KINDS)).toBe(5 * steps);
  }, 120_000);
});

describeShared('explainDecision on the fixed-seed shared sample', () => {
  it('303 AgentDojo episodes; graph, full prefix and equal-size random (keyed by episode id)', () => {
    // 1,392 logged proposals in the sample (test/helpers/episodeSample.ts), three selectors
    expect(expectExplained(stratifiedSample(sharedEpisodes(), SHARED_SAMPLE), ['graph', 'full', 'random'])).toBe(3 * 1392);
  }, 300_000);
});
