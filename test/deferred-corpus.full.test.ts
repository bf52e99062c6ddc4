import { describe, it } from 'vitest';
import { expectLineBatchReplay } from './helpers/deferredCorpus.ts';

// The exhaustive variant of deferred-corpus.test.ts's replay check (which runs 2 workers): 1 worker.
describe('replayStream of line batches: each line parsed once, in the worker that replays it', () => {
  it('equals the fused replay of the episodes read whole, and digests the same, for 1 worker', () => expectLineBatchReplay(1), 120_000);
});
