import type { Episode } from '@carb/episodes';
import type { Pipeline } from '@carb/pipeline';
import { Piscina } from 'piscina';
import type { BreakpointTable } from './breakpoints.ts';
import { concatBreakpoints } from './concatBreakpoints.ts';
import { replayFused, type FusedSelector } from './replayFused.ts';
import type { ParallelReplayOptions } from './replayParallel.ts';
import { replayWorkerEntry } from './replayWorkerEntry.ts';
import type { ReplayWorkerData } from './replayWorker.ts';

/** Episodes per pool task: several per worker, so a slow chunk does not leave the others idle at the end. */
const MAX_CHUNK = 256;

/**
 * The fused replay of a stream of episode batches (a corpus larger than memory), in stream
 * order, across worker threads. Memory is the breakpoint columns plus a bounded number of
 * chunks in flight. The thread count is settled once enough of the stream is seen: a stream
 * that ends below `episodesPerWorker` × workers gets fewer threads, down to none. Each
 * episode's columns depend on that episode alone, so the tables are identical for any worker
 * count, chunking and batching.
 */
export async function replayStream(batches: AsyncIterable<readonly Episode[]> | Iterable<readonly Episode[]>, pipeline: Pipeline, selectors: readonly FusedSelector[], options: ParallelReplayOptions = {}): Promise<BreakpointTable[]> {
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`replay: expected a worker count ≥ 1, found ${workers}`);
  const noise = options.noise ?? null;
  const perWorker = options.episodesPerWorker ?? 5000;
  const iterator = (Symbol.asyncIterator in batches ? batches[Symbol.asyncIterator]() : batches[Symbol.iterator]()) as AsyncIterator<readonly Episode[]> | Iterator<readonly Episode[]>;
  // read ahead until the thread count is decided: the whole stream, or more than enough for all but one worker
  const head: Episode[] = [];
  let ended = false;
  while (workers > 1 && head.length <= (workers - 1) * perWorker) {
    const next = await iterator.next();
    if (next.done) { ended = true; break; }
    for (const e of next.value) head.push(e);
  }
  const threads = ended ? Math.min(workers, Math.ceil(head.length / perWorker)) : workers;
  const parts: BreakpointTable[][] = [];
  if (threads <= 1) {
    const replay = (episodes: readonly Episode[]) => {
      if (episodes.length) parts.push(replayFused(episodes, pipeline, selectors, { noise, onEpisode: () => options.onEpisodes?.(1) }));
    };
    replay(head);
    if (!ended) for (let next = await iterator.next(); !next.done; next = await iterator.next()) replay(next.value);
  } else {
    const pool = new Piscina({ ...replayWorkerEntry(), maxThreads: threads, minThreads: threads, workerData: { pipeline, selectors: [...selectors], noise } satisfies ReplayWorkerData });
    try {
      const inFlight: Array<Promise<BreakpointTable[]>> = [];
      const limit = threads * 8;
      const submit = async (episodes: readonly Episode[]) => {
        for (let at = 0; at < episodes.length; at += MAX_CHUNK) {
          const chunk = episodes.slice(at, at + MAX_CHUNK);
          inFlight.push((pool.run(chunk) as Promise<BreakpointTable[]>).then((tables) => {
            options.onEpisodes?.(chunk.length);
            return tables;
          }));
          // back-pressure: results are kept in order, so wait for the oldest chunk
          while (inFlight.length - parts.length >= limit) parts.push(await inFlight[parts.length]!);
        }
      };
      await submit(head);
      head.length = 0;
      if (!ended) for (let next = await iterator.next(); !next.done; next = await iterator.next()) await submit(next.value);
      while (parts.length < inFlight.length) parts.push(await inFlight[parts.length]!);
    } finally {
      await pool.destroy();
    }
  }
  if (parts.length === 0) return replayFused([], pipeline, selectors, { noise });
  return selectors.map((_, s) => concatBreakpoints(parts.map((p) => p[s]!)));
}
