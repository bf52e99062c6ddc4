import { expect, it } from 'vitest';
import { decodeArrow, encodeArrow } from '@carb/episodes';
import { ledgerTraces, outcomeTableFromArrow, outcomeTableToArrow, replayCorpus } from '@carb/replay';
import { bundledEpisodes, defaultPipeline, tableDifferences } from './helpers/replayCorpora.ts';

it('CES near-miss outcome table: Arrow round trip equals the in-memory table, bytes stable across encodes', () => {
  const episodes = bundledEpisodes('ces-near-miss');
  const pipeline = defaultPipeline();
  const t = replayCorpus(episodes, pipeline, { traces: ledgerTraces(episodes, pipeline) });
  const bytes = outcomeTableToArrow(t);
  expect(tableDifferences(outcomeTableFromArrow(bytes), t)).toEqual([]);
  expect(outcomeTableFromArrow(bytes)).toEqual(t);
  expect(Buffer.from(outcomeTableToArrow(t)).equals(Buffer.from(bytes))).toBe(true);
}, 60_000); // the deep toEqual walks ~33k rows × 12 typed columns element by element: seconds under load

it('episode Arrow encoding is byte-deterministic across calls in one process', () => {
  const episodes = bundledEpisodes('ces-clean');
  const a = encodeArrow(episodes);
  expect(Buffer.from(encodeArrow(episodes)).equals(Buffer.from(a))).toBe(true);
  expect(decodeArrow(a, 'x.arrow').episodes).toEqual(episodes);
});
