import { describe, expect, it } from 'vitest';
import { SELECTOR_KINDS, withSelector } from '@carb/pipeline';
import { ledgerTraces, replayCorpus } from '@carb/replay';
import { agentDojoStratum, stratifiedSample } from './helpers/episodeSample.ts';
import { breakpointMismatches } from './helpers/gateBreakpoints.ts';
import { gateMismatches } from './helpers/gateAgreement.ts';
import { bundledEpisodes, defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

// Fixed-seed samples of the large corpora (and the CES suites whole); replay-gate.full.test.ts runs every episode.
// Both are in the full project (`npm run test:exhaustive`, which CI runs after `npm test`), to keep `npm test` under 3 min.
const SHARED_SAMPLE = { seed: 1, fraction: 0.1, stratum: agentDojoStratum };
const BRAID_SAMPLE = { seed: 1, fraction: 0.1, stratum: () => 'graph-braid' };

describe('Proposition 2 on the bundled suites: online gate = offline stopped prefix', () => {
  it.each([
    ['ces-clean', 160, 160],
    ['ces-near-miss', 320, 320],
    ['graph-braid (fixed-seed 10 % sample)', 2000, 201],
  ] as const)(
    '%s, all selectors, λ ∈ {⊥, 0, .25, .5, .58, .99, 1}',
    (name, total, used) => {
      const all = bundledEpisodes(name.startsWith('graph-braid') ? 'graph-braid' : (name as 'ces-clean' | 'ces-near-miss'));
      expect(all.length).toBe(total);
      const episodes = used === total ? all : stratifiedSample(all, BRAID_SAMPLE);
      expect(episodes.length).toBe(used);
      const base = defaultPipeline();
      const traces = ledgerTraces(episodes, base);
      for (const kind of SELECTOR_KINDS) {
        const pipeline = withSelector(base, { kind });
        expect(gateMismatches(episodes, pipeline, replayCorpus(episodes, pipeline, { traces })), kind).toEqual([]);
      }
    },
    600_000,
  );

  it('ces-near-miss, full prefix and graph-local: at every decision breakpoint, exact scores', () => {
    const episodes = bundledEpisodes('ces-near-miss');
    for (const kind of ['full', 'graph'] as const) {
      const pipeline = withSelector(defaultPipeline(), { kind });
      const { checked, mismatches } = breakpointMismatches(episodes, pipeline, replayCorpus(episodes, pipeline));
      expect(mismatches, kind).toEqual([]);
      expect(checked).toBeGreaterThan(2 * episodes.length);
    }
  }, 600_000);
});

describeShared('Proposition 2 on a fixed-seed stratified sample of the shared AgentDojo corpus', () => {
  const sample = () => stratifiedSample(sharedEpisodes(), SHARED_SAMPLE);
  it('every selector, λ ∈ {⊥, 0, .25, .5, .58, .99, 1}', () => {
    const episodes = sample();
    expect(episodes.length).toBeGreaterThan(259);
    for (const kind of SELECTOR_KINDS) {
      const pipeline = withSelector(defaultPipeline(), { kind });
      expect(gateMismatches(episodes, pipeline, replayCorpus(episodes, pipeline)), kind).toEqual([]);
    }
  }, 600_000);

  it('full prefix, at every decision breakpoint (where float sums put 1,626 of 9,968 decisions one grid point high)', () => {
    const episodes = sample();
    const pipeline = withSelector(defaultPipeline(), { kind: 'full' });
    const { checked, mismatches } = breakpointMismatches(episodes, pipeline, replayCorpus(episodes, pipeline));
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(2 * episodes.length);
  }, 600_000);
});
