import { describe, expect, it } from 'vitest';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { naiveReplay, noisyScore, replayCorpus, scoreEpisode } from '@carb/replay';
import { generateGraphBraid, parseParams } from '@carb/suites';
import { tableDifferences } from './helpers/replayCorpora.ts';

// App. G.2 score noise: seeded per (episode, step), so every threshold sees the same noisy score.
describe('graph-braid score noise in replay', () => {
  const gen = generateGraphBraid(17, parseParams(['scoreNoise=0.2', 'trajectories=15']));
  const pipeline = loadPipeline(defaultPipelinePath());
  const perturbScore = (id: string, t: number, q: number) => noisyScore(gen.meta, id, t, q);

  it('single-pass and naive replay agree under noise, in every column', () => {
    const single = replayCorpus(gen.episodes, pipeline, { perturbScore });
    const naive = naiveReplay(gen.episodes, pipeline, undefined, perturbScore);
    expect(tableDifferences(single, naive)).toEqual([]);
  }, 120_000);

  it('a noisy score is the double noise(q) of the exact score q, and stays one per (episode, step)', () => {
    const ep = gen.episodes[0]!;
    const clean = scoreEpisode(ep, pipeline, pipeline.selector);
    const noisy = scoreEpisode(ep, pipeline, pipeline.selector, perturbScore);
    expect(clean.scores.every((q) => q.kind === 'exact')).toBe(true);
    noisy.scores.forEach((q, t) => {
      const exact = clean.scores[t]!;
      expect(q).toEqual({
        kind: 'double',
        value: noisyScore(gen.meta, ep.id, t, exact.kind === 'exact' ? exact.units / exact.denominator : Number.NaN),
      });
    });
  });

  it('noise moves stopping points relative to the noiseless replay', () => {
    const noisy = replayCorpus(gen.episodes, pipeline, { perturbScore });
    const clean = replayCorpus(gen.episodes, pipeline);
    let differing = 0;
    for (let r = 0; r < noisy.executed.length; r++) if (noisy.executed[r] !== clean.executed[r]) differing++;
    expect(differing).toBeGreaterThan(0);
  });
});
