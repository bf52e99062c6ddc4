import { describe, expect, it } from 'vitest';
import { SELECTOR_KINDS, withSelector } from '@carb/pipeline';
import { ledgerTraces, replayCorpus } from '@carb/replay';
import { gateMismatches } from './helpers/gateAgreement.ts';
import { BUNDLED, bundledEpisodes, defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

describe('Proposition 2 on the bundled suites: online gate = offline stopped prefix', () => {
  for (const name of BUNDLED) {
    it(`${name}, all selectors, λ ∈ {⊥, 0, .25, .5, .58, .99, 1}`, () => {
      const episodes = bundledEpisodes(name);
      expect(episodes.length).toBe({ 'ces-clean': 160, 'ces-near-miss': 320, 'graph-braid': 2000 }[name]);
      const base = defaultPipeline();
      const traces = ledgerTraces(episodes, base);
      for (const kind of SELECTOR_KINDS) {
        const pipeline = withSelector(base, { kind });
        expect(gateMismatches(episodes, pipeline, replayCorpus(episodes, pipeline, { traces })), kind).toEqual([]);
      }
    }, 600_000);
  }
});

describeShared('Proposition 2 on the shared AgentDojo corpus', () => {
  for (const kind of SELECTOR_KINDS) {
    it(`selector ${kind}: 2,587 episodes, λ ∈ {⊥, 0, .25, .5, .58, .99, 1}`, () => {
      const episodes = sharedEpisodes();
      const pipeline = withSelector(defaultPipeline(), { kind });
      expect(gateMismatches(episodes, pipeline, replayCorpus(episodes, pipeline))).toEqual([]);
    }, 600_000);
  }
});
