import { describe, expect, it } from 'vitest';
import { replayParallel } from '@carb/replay';
import { allSelectors, expectSameAsReference } from './helpers/fusedReference.ts';
import { BUNDLED, bundledEpisodes, defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

const pipeline = defaultPipeline();

describe('fused replay on every bundled episode', () => {
  for (const name of BUNDLED) {
    it(`${name}: equals the per-selector reference for all five selectors; 2 and 3 workers agree`, async () => {
      const episodes = bundledEpisodes(name);
      const fused = expectSameAsReference(episodes, pipeline, null);
      for (const workers of [2, 3]) expect(await replayParallel(episodes, pipeline, allSelectors(pipeline), { workers, episodesPerWorker: 1 })).toEqual(fused);
    }, 300_000);
  }
});

describeShared('fused replay on every shared AgentDojo episode', () => {
  it('equals the per-selector reference for all five selectors (2,587 episodes); 3 workers agree', async () => {
    const episodes = sharedEpisodes();
    expect(episodes.length).toBe(2587);
    const fused = expectSameAsReference(episodes, pipeline, null);
    expect(await replayParallel(episodes, pipeline, allSelectors(pipeline), { workers: 3, episodesPerWorker: 1 })).toEqual(fused);
  }, 900_000);
});
