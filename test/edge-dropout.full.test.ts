import { describe, expect, it } from 'vitest';
import { replayFused, replayParallel, type ReplayNoise } from '@carb/replay';
import { DEFAULT_PARAMS, generateGraphBraid } from '@carb/suites';
import { allSelectors } from './helpers/fusedReference.ts';
import { defaultPipeline } from './helpers/replayCorpora.ts';

// The exhaustive variant of edge-dropout.test.ts's worker check (which runs 2 workers): 1 and 2 workers.
const pipeline = defaultPipeline();
const selectors = allSelectors(pipeline);
const suite = generateGraphBraid(0, { ...DEFAULT_PARAMS, trajectories: 200 });
const noise: ReplayNoise = { noiseSeed: suite.meta.noiseSeed, params: { ...suite.meta.params, scoreNoise: 0, edgeDropout: 0.2 } };

describe('edge dropout in replay', () => {
  it('1 and 2 workers give identical breakpoint tables', async () => {
    const inProcess = replayFused(suite.episodes, pipeline, selectors, { noise });
    for (const workers of [1, 2]) {
      expect(await replayParallel(suite.episodes, pipeline, selectors, { workers, noise, episodesPerWorker: 1 })).toEqual(inProcess);
    }
  }, 120_000);
});
