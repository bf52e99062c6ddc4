import { describe, expect, it } from 'vitest';
import { denseFromBreakpoints, gridMeans, gridMeansOfBreakpoints, replayFused } from '@carb/replay';
import { allSelectors } from './helpers/fusedReference.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';

describe('carb replay means without the dense table', () => {
  it('chunked means of the breakpoint table equal the dense means exactly, for any chunk size', () => {
    const pipeline = defaultPipeline();
    for (const t of replayFused(bundledEpisodes('ces-near-miss'), pipeline, allSelectors(pipeline))) {
      const dense = gridMeans(denseFromBreakpoints(t));
      for (const chunk of [1, 7, 320, 4096]) expect(gridMeansOfBreakpoints(t, chunk), `${t.method} chunk ${chunk}`).toEqual(dense);
      // a real figure: no guard (top of the grid) on ces-near-miss: the 80 leaks reach their ledger event
      expect(dense[t.G - 1]!.loss).toBe(80 / 320);
    }
  }, 60_000);
});
