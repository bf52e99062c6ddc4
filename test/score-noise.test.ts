import { describe, expect, it } from 'vitest';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { naiveReplay, replayCorpus } from '@carb/replay';
import { generateGraphBraid, noisyScore, parseParams } from '@carb/suites';

// App. G.2 score noise: seeded per (episode, step), so every threshold sees the same noisy score.
describe('graph-braid score noise in replay', () => {
  const gen = generateGraphBraid(17, parseParams(['scoreNoise=0.2', 'trajectories=15']));
  const pipeline = loadPipeline(defaultPipelinePath());
  const perturbScore = (id: string, t: number, q: number) => noisyScore(gen.meta, id, t, q);

  it('single-pass and naive replay agree under noise', () => {
    const single = replayCorpus(gen.episodes, pipeline, { perturbScore });
    const naive = naiveReplay(gen.episodes, pipeline, undefined, perturbScore);
    expect(Array.from(single.executed)).toEqual(Array.from(naive.executed));
    expect(Array.from(single.lossUnion)).toEqual(Array.from(naive.lossUnion));
  }, 120_000);

  it('noise moves stopping points relative to the noiseless replay', () => {
    const noisy = replayCorpus(gen.episodes, pipeline, { perturbScore });
    const clean = replayCorpus(gen.episodes, pipeline);
    let differing = 0;
    for (let r = 0; r < noisy.executed.length; r++) if (noisy.executed[r] !== clean.executed[r]) differing++;
    expect(differing).toBeGreaterThan(0);
  });
});
