import { describe, expect, it } from 'vitest';
import { monotoneViolations } from './helpers/monotoneLoss.ts';
import { bundledEpisodes, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

// replay-monotone.test.ts on every episode of graph-braid and of the shared corpus.
describe('union loss is zero at λ⊥ and non-decreasing in λ (all of graph-braid)', () => {
  it('2,000 episodes, all selectors', () => {
    const episodes = bundledEpisodes('graph-braid');
    expect(episodes).toHaveLength(2000);
    expect(monotoneViolations(episodes)).toEqual([]);
  }, 600_000);
});

describeShared('union loss is zero at λ⊥ and non-decreasing in λ (every shared AgentDojo episode)', () => {
  it('2,587 episodes, all selectors', () => {
    const episodes = sharedEpisodes();
    expect(episodes).toHaveLength(2587);
    expect(monotoneViolations(episodes)).toEqual([]);
  }, 600_000);
});
