import { describe, expect, it } from 'vitest';
import type { SelectorConfig } from '@carb/pipeline';
import { replayFused, replayParallel, replayStream } from '@carb/replay';
import { generateGraphBraid, parseParams } from '@carb/suites';
import { SHARED_SAMPLE, stratifiedSample } from './helpers/episodeSample.ts';
import { allSelectors, expectSameAsReference, perSelector } from './helpers/fusedReference.ts';
import { bundledEpisodes, defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

const pipeline = defaultPipeline();
const selectors = allSelectors(pipeline);
const noisy = generateGraphBraid(17, parseParams(['scoreNoise=0.2', 'trajectories=15']));

describe('fused replay: one prefix graph per episode, every selector decided on it', () => {
  // the bundled graph-braid suite (≈19 s here) runs under `npm run test:full` (replay-fused.full.test.ts)
  for (const name of ['ces-clean', 'ces-near-miss'] as const) {
    it(`${name}: equals the per-selector reference builder for all five selectors`, () => {
      expectSameAsReference(bundledEpisodes(name), pipeline, null);
    }, 60_000);
  }

  it('graph-braid with score noise: the same noisy draw per (episode, step) for every selector', () => {
    const fused = expectSameAsReference(noisy.episodes, pipeline, noisy.meta);
    // the noise must act: some allowing index moves relative to the noiseless pass
    const clean = replayFused(noisy.episodes, pipeline, selectors);
    expect(fused.some((t, s) => t.executesFrom.some((x, i) => x !== clean[s]!.executesFrom[i]))).toBe(true);
  }, 60_000);

  it('random selector: two seeds fused in one pass each match their own replay (draws keyed by seed and episode)', () => {
    const episodes = bundledEpisodes('ces-near-miss');
    const seeds = [1, 2].map((seed) => ({ method: `random-${seed}`, selector: { kind: 'random', seed } as SelectorConfig }));
    const fused = replayFused(episodes, pipeline, seeds);
    seeds.forEach(({ method, selector }, s) => expect(fused[s]).toEqual(perSelector(episodes, pipeline, selector, method, null)));
    expect(fused[0]!.contextSize).toEqual(fused[1]!.contextSize); // equal-size: only the members differ
  }, 60_000);
});

describe('parallel replay', () => {
  // the first episodesPerWorker episodes are replayed on the reading thread as they come, the rest on threads
  it('replayStream: a stream of episode batches past the thread threshold gives the fused tables, joined in stream order', async () => {
    const episodes = bundledEpisodes('ces-near-miss');
    const want = replayFused(episodes, pipeline, selectors);
    function* batches(size: number) {
      for (let at = 0; at < episodes.length; at += size) yield episodes.slice(at, at + size);
    }
    for (const [perWorker, size] of [
      [20, 7],
      [episodes.length, 11],
    ] as const) {
      let ticked = 0;
      const got = await replayStream(batches(size), pipeline, selectors, {
        workers: 2,
        episodesPerWorker: perWorker,
        onEpisodes: (k) => (ticked += k),
      });
      expect(got).toEqual(want);
      expect(ticked).toBe(episodes.length);
    }
  }, 60_000);

  it('rejects a worker count below 1 before any work', async () => {
    await expect(replayParallel(noisy.episodes, pipeline, selectors, { workers: 0 })).rejects.toThrow(
      'expected a worker count ≥ 1, found 0',
    );
  });
});

describeShared('fused replay on the shared AgentDojo sample', () => {
  it('equals the per-selector reference for all five selectors (303 episodes), and 2 workers agree', async () => {
    const sample = stratifiedSample(sharedEpisodes(), SHARED_SAMPLE);
    expect(sample.length).toBe(303);
    const fused = expectSameAsReference(sample, pipeline, null);
    expect(await replayParallel(sample, pipeline, selectors, { workers: 2, episodesPerWorker: 1 })).toEqual(fused);
  }, 300_000);
});
