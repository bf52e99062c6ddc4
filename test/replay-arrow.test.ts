import { expect, it } from 'vitest';
import { decodeArrow, encodeArrow } from '@carb/episodes';
import { bundledEpisodes } from './helpers/replayCorpora.ts';

it('episode Arrow encoding is byte-deterministic across calls in one process', () => {
  const episodes = bundledEpisodes('ces-clean');
  const a = encodeArrow(episodes);
  expect(Buffer.from(encodeArrow(episodes)).equals(Buffer.from(a))).toBe(true);
  expect(decodeArrow(a, 'x.arrow').episodes).toEqual(episodes);
});
