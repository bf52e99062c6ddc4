import { beforeAll, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { createPrefixGraph, relationsOf, selectContext } from '@carb/evidence';
import { defaultPipelinePath, loadPipeline, type Pipeline } from '@carb/pipeline';
import { SHARED_SAMPLE, stratifiedSample } from './helpers/episodeSample.ts';
import { checkContextSizes, checkIncrementalBuild, proposalOf } from './helpers/evidenceCorpus.ts';
import { sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

// Corpus-wide checks on the fixed-seed sample; evidence.corpus.full.test.ts runs them on every episode.
describeShared('prefix graph on the shared AgentDojo corpus', () => {
  let episodes: Episode[] = [];
  let sample: Episode[] = [];
  let pipeline: Pipeline;
  beforeAll(() => {
    episodes = sharedEpisodes();
    sample = stratifiedSample(episodes, SHARED_SAMPLE);
    pipeline = loadPipeline(defaultPipelinePath());
  }, 120_000);

  it('reads 2587 episodes (all eligible) with 9968 decisions', () => {
    expect(episodes).toHaveLength(2587);
    expect(episodes.reduce((n, e) => n + e.steps.length, 0)).toBe(9968);
  });

  it('incremental build equals a fresh build at every decision of the sampled episodes', () => {
    expect(checkIncrementalBuild(sample, pipeline)).toBe(sample.reduce((n, e) => n + e.steps.length, 0));
  }, 120_000);

  it('banking injection: the injected IBAN links the transaction read to both transfers (hand-checked)', () => {
    const ep = episodes.find((e) => e.id === 'gpt-4o-2024-05-13/banking/user_task_3/important_instructions/injection_task_1')!;
    const g = createPrefixGraph(pipeline);
    const contexts: number[][] = [];
    for (const s of ep.steps) {
      g.propose(proposalOf(s));
      contexts.push([...selectContext(g, pipeline.selector, { episodeId: ep.id })]);
      g.commit(s);
    }
    // 0 get_most_recent_transactions (sender GB29…, injected text naming US133…); 1, 2 send_money
    expect(g.edges(1).map((e) => [e.from, relationsOf(e.relations)])).toEqual([[0, [5, 8]]]);
    expect(g.edges(2).map((e) => [e.from, relationsOf(e.relations)])).toEqual([
      [0, [2, 5, 8]],
      [1, [5]],
    ]);
    expect(contexts).toEqual([[0], [0, 1], [0, 1, 2]]);
  });

  it('graph-local context is smaller than the full prefix; random matches its size (sampled episodes)', () => {
    checkContextSizes(sample, pipeline, 'sample');
  }, 120_000);
});
