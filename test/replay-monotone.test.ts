import { describe, expect, it } from 'vitest';
import { SHARED_SAMPLE, stratifiedSample } from './helpers/episodeSample.ts';
import { monotoneViolations } from './helpers/monotoneLoss.ts';
import { bundledEpisodes, bundledLabelKind, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

// CES whole; graph-braid and AgentDojo on fixed-seed samples (replay-monotone.full.test.ts: every episode).
describe('union loss is zero at λ⊥ and non-decreasing in λ (bundled suites)', () => {
  it.each(['ces-clean', 'ces-near-miss'] as const)(
    '%s, every episode, all selectors',
    (name) => {
      expect(monotoneViolations(bundledEpisodes(name))).toEqual([]);
    },
    300_000,
  );

  it('graph-braid, the longest plus a seeded 10 % of harmful and of benign trajectories, all selectors', () => {
    const all = bundledEpisodes('graph-braid');
    const kind = bundledLabelKind('graph-braid');
    const sample = stratifiedSample(all, { seed: 1, fraction: 0.1, stratum: kind });
    expect(all).toHaveLength(2000);
    expect(new Set(sample.map((e) => kind(e.id)))).toEqual(new Set(['harmful', 'benign']));
    expect(sample.length).toBeGreaterThanOrEqual(200);
    expect(monotoneViolations(sample)).toEqual([]);
  }, 300_000);
});

describeShared('union loss is zero at λ⊥ and non-decreasing in λ (shared AgentDojo)', () => {
  it('fixed-seed stratified sample of the 2,587 episodes, all selectors', () => {
    const sample = stratifiedSample(sharedEpisodes(), SHARED_SAMPLE);
    expect(sample.length).toBeGreaterThanOrEqual(Math.ceil(0.1 * 2587));
    expect(monotoneViolations(sample)).toEqual([]);
  }, 300_000);
});
