import { describe, it } from 'vitest';
import { expectBundledSameAsReadCorpus } from './helpers/streamedCorpus.ts';

// The exhaustive variant of stream-corpus.test.ts's bundled check (which streams by batches of 7).
describe('streamCorpus yields what readCorpus returns', () => {
  for (const n of [1, 1024]) {
    it(`bundled corpora with fixtures (problems, duplicates), batch size ${n}`, () => expectBundledSameAsReadCorpus(n), 60_000);
  }
});
