import type { Episode } from '@carb/episodes';
import type { Pipeline } from '@carb/pipeline';
import { Piscina } from 'piscina';
import type { BreakpointTable } from './breakpoints.ts';
import { concatBreakpoints } from './concatBreakpoints.ts';
import { replayFused, type FusedSelector } from './replayFused.ts';
import type { ParallelReplayOptions } from './replayParallel.ts';
import { replayWorkerEntry } from './replayWorkerEntry.ts';
import type { ReplayTask, ReplayWorkerData } from './replayWorker.ts';

/** Episodes per pool task: several per worker, so a slow chunk does not leave the others idle at the end. */
const MAX_CHUNK = 256;

/**
 * A batch of episodes, optionally with each one's encoderText (@carb/episodes): a worker then
 * parses the text instead of receiving a structured clone, which the main thread would pay for.
 */
export type ReplayBatch = readonly Episode[] | { episodes: readonly Episode[]; texts: readonly string[] };

const episodesOf = (b: ReplayBatch): readonly Episode[] => ('texts' in b ? b.episodes : b);

/**
 * The fused replay of a stream of episode batches (a corpus larger than memory), in stream
 * order, across worker threads. Memory is the breakpoint columns plus a bounded number of
 * chunks in flight. The thread count is settled once enough of the stream is seen: a stream
 * that ends below `episodesPerWorker` × workers gets fewer threads, down to none. Each
 * episode's columns depend on that episode alone, so the tables are identical for any worker
 * count, chunking and batching.
 */
export async function replayStream(batches: AsyncIterable<ReplayBatch> | Iterable<ReplayBatch>, pipeline: Pipeline, selectors: readonly FusedSelector[], options: ParallelReplayOptions = {}): Promise<BreakpointTable[]> {
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`replay: expected a worker count ≥ 1, found ${workers}`);
  const noise = options.noise ?? null;
  const perWorker = options.episodesPerWorker ?? 5000;
  const iterator = (Symbol.asyncIterator in batches ? batches[Symbol.asyncIterator]() : batches[Symbol.iterator]()) as AsyncIterator<ReplayBatch> | Iterator<ReplayBatch>;
  // read ahead until the thread count is decided: the whole stream, or more than enough for all but one worker
  const head: ReplayBatch[] = [];
  let seen = 0;
  let ended = false;
  while (workers > 1 && seen <= (workers - 1) * perWorker) {
    const next = await iterator.next();
    if (next.done) { ended = true; break; }
    head.push(next.value);
    seen += episodesOf(next.value).length;
  }
  const threads = ended ? Math.min(workers, Math.ceil(seen / perWorker)) : workers;
  const parts: BreakpointTable[][] = [];
  if (threads <= 1) {
    const replay = (batch: ReplayBatch) => {
      const episodes = episodesOf(batch);
      if (episodes.length) parts.push(replayFused(episodes, pipeline, selectors, { noise, onEpisode: () => options.onEpisodes?.(1) }));
    };
    for (const b of head) replay(b);
    if (!ended) for (let next = await iterator.next(); !next.done; next = await iterator.next()) replay(next.value);
  } else {
    const pool = new Piscina({ ...replayWorkerEntry(), maxThreads: threads, minThreads: threads, workerData: { pipeline, selectors: [...selectors], noise } satisfies ReplayWorkerData });
    try {
      const inFlight: Array<Promise<BreakpointTable[]>> = [];
      const limit = threads * 8;
      const submit = async (batch: ReplayBatch) => {
        const episodes = episodesOf(batch);
        for (let at = 0; at < episodes.length; at += MAX_CHUNK) {
          const count = Math.min(MAX_CHUNK, episodes.length - at);
          const task: ReplayTask = 'texts' in batch ? { texts: batch.texts.slice(at, at + count) } : episodes.slice(at, at + count);
          inFlight.push((pool.run(task) as Promise<BreakpointTable[]>).then((tables) => {
            options.onEpisodes?.(count);
            return tables;
          }));
          // back-pressure: results are kept in order, so wait for the oldest chunk
          while (inFlight.length - parts.length >= limit) parts.push(await inFlight[parts.length]!);
        }
      };
      for (const b of head) await submit(b);
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
