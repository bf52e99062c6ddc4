import type { Episode } from '@carb/episodes';
import type { Pipeline } from '@carb/pipeline';
import type { Piscina } from 'piscina';
import type { BreakpointTable } from './breakpoints.ts';
import { replayFused, type FusedSelector } from './replayFused.ts';
import type { ParallelReplayOptions } from './replayParallel.ts';
import { POSTED_PER_THREAD, joinReplayedParts, replayPool } from './replayPool.ts';
import type { ReplayTask } from './replayWorker.ts';

/** Episodes decoded on the reading thread, each with its encoderText (@carb/episodes), which a replay thread parses. */
export interface DecodedBatch {
  episodes: readonly Episode[];
  texts: readonly string[];
}

/**
 * Episodes per chunk: small, so that the replay left once the reading ends (the chunks in
 * flight) is a few dozen milliseconds, and so that this thread can take one up whenever the
 * replay threads fall behind. The reading should yield batches of this size too: a chunk goes
 * out only once read, so a larger batch keeps the threads waiting while it is read.
 */
export const BESIDE_READING_CHUNK = 64;
const CHUNK = BESIDE_READING_CHUNK;

/** A chunk in flight: replayed here (done already) or on a thread. */
type InFlight = Promise<BreakpointTable[]>;

/**
 * The fused replay of a stream whose reading is itself work on this thread (decoding,
 * canonical encoding, hashing: an AgentDojo corpus of one log per episode), overlapped with
 * that reading: once the stream passes one chunk, `workers − 1` replay threads start (this
 * thread keeps reading) and every chunk goes to them as soon as it is read. Whenever each of
 * them has a chunk queued already, this thread replays the chunk itself: the reading and the
 * replay threads end together whatever their speeds, and while the threads are still loading
 * the first chunks are not kept waiting. A stream of one chunk, or `workers` 1, is replayed
 * here with no thread. Chunks are joined in stream order and each episode's columns depend on
 * that episode alone (a thread parses the episode from its encoderText), so the tables are
 * the same for any timing, thread count and chunking.
 */
export async function replayBesideReading(
  batches: AsyncIterable<DecodedBatch>,
  pipeline: Pipeline,
  selectors: readonly FusedSelector[],
  options: Omit<ParallelReplayOptions, 'episodesPerWorker'> = {},
): Promise<BreakpointTable[]> {
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`replay: expected a worker count ≥ 1, found ${workers}`);
  const noise = options.noise ?? null;
  const here = (episodes: readonly Episode[]): BreakpointTable[] => {
    const tables = replayFused(episodes, pipeline, selectors, { noise });
    options.onEpisodes?.(episodes.length);
    return tables;
  };
  let pool: Piscina | null = null;
  const threads = workers - 1;
  // chunks in stream order; `queued`: those sent to a thread and not yet back
  const inFlight: InFlight[] = [];
  let queued = 0;
  const send = (episodes: Episode[], texts: string[], last: boolean) => {
    if (threads > 0 && !pool && !last) pool = replayPool(pipeline, selectors, noise, threads);
    // this thread replays a chunk itself once every thread has its chunks queued
    if (!pool || queued >= POSTED_PER_THREAD * threads) {
      inFlight.push(Promise.resolve(here(episodes)));
      return;
    }
    queued++;
    const task: ReplayTask = { texts };
    const done = (pool.run(task) as Promise<BreakpointTable[]>).then((tables) => {
      queued--;
      options.onEpisodes?.(episodes.length);
      return tables;
    });
    // awaited in stream order below; a failure before its turn is not an unhandled rejection meanwhile
    done.catch(() => undefined);
    inFlight.push(done);
  };
  try {
    let episodes: Episode[] = [];
    let texts: string[] = [];
    for await (const batch of batches) {
      episodes.push(...batch.episodes);
      texts.push(...batch.texts);
      while (episodes.length >= CHUNK) {
        send(episodes.slice(0, CHUNK), texts.slice(0, CHUNK), false);
        episodes = episodes.slice(CHUNK);
        texts = texts.slice(CHUNK);
        // a turn of the event loop: the threads' replies (and their start) are messages this thread must take
        await new Promise(setImmediate);
      }
    }
    if (episodes.length) send(episodes, texts, true);
    const parts: BreakpointTable[][] = [];
    // in stream order, so that of two failed chunks the earlier one is reported
    for (const chunk of inFlight) parts.push(await chunk);
    options.onReplayed?.();
    return joinReplayedParts(parts, pipeline, selectors, noise);
  } finally {
    await (pool as Piscina | null)?.destroy();
  }
}
