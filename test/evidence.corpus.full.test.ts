import { beforeAll, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline, type Pipeline } from '@carb/pipeline';
import { checkContextSizes, checkIncrementalBuild } from './helpers/evidenceCorpus.ts';
import { sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

// evidence.corpus.test.ts's corpus-wide checks on every shared AgentDojo episode.
describeShared('prefix graph on every shared AgentDojo episode', () => {
  let episodes: Episode[] = [];
  let pipeline: Pipeline;
  beforeAll(() => {
    episodes = sharedEpisodes();
    pipeline = loadPipeline(defaultPipelinePath());
  }, 120_000);

  it('incremental build equals a fresh build at all 9,968 decisions', () => {
    expect(episodes).toHaveLength(2587);
    expect(checkIncrementalBuild(episodes, pipeline)).toBe(9968);
  }, 600_000);

  it('graph-local context is smaller than the full prefix; random matches its size', () => {
    checkContextSizes(episodes, pipeline, 'all');
  }, 600_000);
});
