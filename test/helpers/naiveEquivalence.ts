import { beforeAll, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { withSelector, type SelectorKind } from '@carb/pipeline';
import { naiveReplay, replayCorpus } from '@carb/replay';
import { SHARED_SAMPLE, agentDojoStratum, stratifiedSample, type CorpusScope } from './episodeSample.ts';
import { defaultPipeline, sharedEpisodes, tableDifferences } from './replayCorpora.ts';
import { describeShared } from './shared.ts';

/** Independent figures from the shared corpus README: files per model, 36 strata, 9,968 logged tool calls. */
const MODEL_EPISODES = { 'claude-3-5-sonnet-20240620': 753, 'gpt-4o-2024-05-13': 753, 'meta-llama_Llama-3.3-70B-Instruct': 1081 };

const countBy = (eps: readonly Episode[], key: (id: string) => string) => {
  const out: Record<string, number> = {};
  for (const e of eps) out[key(e.id)] = (out[key(e.id)] ?? 0) + 1;
  return out;
};

/**
 * Single-pass replay = literal Algorithm 1 (naiveReplay) in every column of the outcome
 * table, for the given selectors, on the shared AgentDojo episodes: the fixed-seed sample
 * by default, every episode with scope `all` (the full project; one file per selector so
 * they spread over workers).
 */
export function naiveEquivalence(kinds: readonly SelectorKind[], scope: CorpusScope): void {
  const what = scope === 'all' ? 'every shared AgentDojo episode' : 'a fixed-seed stratified sample of the shared AgentDojo episodes';
  describeShared(`single-pass replay = literal Algorithm 1 on ${what}`, () => {
    let corpus: Episode[];
    let episodes: Episode[];
    beforeAll(() => {
      corpus = sharedEpisodes();
      episodes = scope === 'all' ? corpus : stratifiedSample(corpus, SHARED_SAMPLE);
    }, 120_000);

    it('corpus: 2,587 eligible episodes (753 / 753 / 1,081 per model), 9,968 proposals', () => {
      expect(countBy(corpus, (id) => id.split('/')[0]!)).toEqual(MODEL_EPISODES);
      expect(corpus.reduce((s, e) => s + e.steps.length, 0)).toBe(9968);
    });

    if (scope === 'sample') {
      it('sample: every model, suite and run kind; ⌈10 %⌉ of each stratum plus at most its longest episode', () => {
        const all = countBy(corpus, agentDojoStratum);
        const drawn = countBy(episodes, agentDojoStratum);
        expect(Object.keys(all)).toHaveLength(3 * 4 * 3);
        expect(Object.keys(drawn).sort()).toEqual(Object.keys(all).sort());
        for (const [s, size] of Object.entries(all)) {
          expect(drawn[s], s).toBeGreaterThanOrEqual(Math.ceil(SHARED_SAMPLE.fraction * size));
          expect(drawn[s], s).toBeLessThanOrEqual(Math.ceil(SHARED_SAMPLE.fraction * size) + 1);
        }
        const longest = (eps: readonly Episode[]) => Math.max(...eps.map((e) => e.steps.length));
        expect(longest(episodes)).toBe(longest(corpus));
        expect(new Set(episodes.map((e) => e.id)).size).toBe(episodes.length);
      });
    }

    for (const kind of kinds) {
      it(`selector ${kind}: outcome tables identical in every column`, () => {
        const pipeline = withSelector(defaultPipeline(), { kind });
        const single = replayCorpus(episodes, pipeline);
        const naive = naiveReplay(episodes, pipeline);
        expect(single.n).toBe(episodes.length);
        expect(single.G).toBe(102);
        expect(single.method).toBe(kind);
        expect(tableDifferences(single, naive)).toEqual([]);
      }, 600_000);
    }
  });
}
