import { beforeAll, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { withSelector, type SelectorKind } from '@carb/pipeline';
import { naiveReplay, replayCorpus, type OutcomeTable } from '@carb/replay';
import { defaultPipeline, sharedEpisodes, tableDifferences } from './replayCorpora.ts';
import { describeShared } from './shared.ts';

/**
 * Single-pass replay = literal Algorithm 1 on every shared AgentDojo episode, every
 * column, for one selector. One test file per selector so vitest runs them in
 * parallel workers (naive replay rebuilds the context 102 × per step).
 */
export function naiveEquivalence(kind: SelectorKind): void {
  describeShared(`single-pass replay = naive replay, selector ${kind}, shared AgentDojo corpus`, () => {
    let episodes: Episode[];
    let single: OutcomeTable;
    let naive: OutcomeTable;
    beforeAll(() => {
      episodes = sharedEpisodes();
      const pipeline = withSelector(defaultPipeline(), { kind });
      single = replayCorpus(episodes, pipeline);
      naive = naiveReplay(episodes, pipeline);
    }, 600_000);

    it('covers every eligible episode (2,587, 9,968 proposals)', () => {
      expect(single.n).toBe(2587);
      expect(naive.n).toBe(2587);
      expect(single.steps.reduce((s, v) => s + v, 0)).toBe(9968);
      expect(single.G).toBe(102);
    });

    it('outcome tables are identical in every column', () => {
      expect(tableDifferences(single, naive)).toEqual([]);
      expect(single.method).toBe(kind);
    });
  });
}
