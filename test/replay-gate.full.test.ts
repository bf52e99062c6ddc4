import { describe, expect, it } from 'vitest';
import { SELECTOR_KINDS, withSelector } from '@carb/pipeline';
import { ledgerTraces, replayCorpus } from '@carb/replay';
import { breakpointMismatches } from './helpers/gateBreakpoints.ts';
import { gateMismatches } from './helpers/gateAgreement.ts';
import { bundledEpisodes, defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

// replay-gate.sample.full.test.ts on every episode of graph-braid and of the shared corpus.
describe('Proposition 2 on all of graph-braid', () => {
  it('2,000 episodes, all selectors, λ ∈ {⊥, 0, .25, .5, .58, .99, 1}', () => {
    const episodes = bundledEpisodes('graph-braid');
    expect(episodes.length).toBe(2000);
    const base = defaultPipeline();
    const traces = ledgerTraces(episodes, base);
    for (const kind of SELECTOR_KINDS) {
      const pipeline = withSelector(base, { kind });
      expect(gateMismatches(episodes, pipeline, replayCorpus(episodes, pipeline, { traces })), kind).toEqual([]);
    }
  }, 900_000);
});

describeShared('Proposition 2 on every shared AgentDojo episode', () => {
  for (const kind of SELECTOR_KINDS) {
    it(`selector ${kind}: 2,587 episodes, λ ∈ {⊥, 0, .25, .5, .58, .99, 1} and every decision breakpoint`, () => {
      const episodes = sharedEpisodes();
      expect(episodes.length).toBe(2587);
      const pipeline = withSelector(defaultPipeline(), { kind });
      const table = replayCorpus(episodes, pipeline);
      expect(gateMismatches(episodes, pipeline, table)).toEqual([]);
      const { checked, mismatches } = breakpointMismatches(episodes, pipeline, table);
      expect(mismatches).toEqual([]);
      expect(checked).toBeGreaterThan(2 * episodes.length);
    }, 900_000);
  }
});
