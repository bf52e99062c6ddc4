import { describe, expect, it } from 'vitest';
import { replayFused, replayParallel } from '@carb/replay';
import { generateGraphBraid, parseParams } from '@carb/suites';
import { allSelectors, expectSameAsReference } from './helpers/fusedReference.ts';
import { BUNDLED, bundledEpisodes, defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

const pipeline = defaultPipeline();

describe('fused replay on every bundled episode', () => {
  for (const name of BUNDLED) {
    it(`${name}: equals the per-selector reference for all five selectors; 2 and 3 workers agree`, async () => {
      const episodes = bundledEpisodes(name);
      const fused = expectSameAsReference(episodes, pipeline, null);
      for (const workers of [2, 3])
        expect(await replayParallel(episodes, pipeline, allSelectors(pipeline), { workers, episodesPerWorker: 1 })).toEqual(fused);
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

// moved from replay-fused.test.ts (a worker-count sweep): in the exhaustive project
const noisyPipeline = defaultPipeline();
const noisySelectors = allSelectors(noisyPipeline);
const noisy = generateGraphBraid(17, parseParams(['scoreNoise=0.2', 'trajectories=15']));

describe('parallel replay: the same tables for any worker count', () => {
  it('graph-braid with score noise: 1, 2 and 3 workers give the in-process fused tables, episodes in input order', async () => {
    const inProcess = replayFused(noisy.episodes, noisyPipeline, noisySelectors, { noise: noisy.meta });
    for (const workers of [1, 2, 3]) {
      let done = 0;
      const tables = await replayParallel(noisy.episodes, noisyPipeline, noisySelectors, {
        workers,
        noise: noisy.meta,
        episodesPerWorker: 1,
        onEpisodes: (k) => {
          done += k;
        },
      });
      expect(done).toBe(noisy.episodes.length);
      expect(tables.map((t) => t.ids)).toEqual(noisySelectors.map(() => noisy.episodes.map((e) => e.id)));
      expect(tables).toEqual(inProcess);
    }
  }, 120_000);
});
