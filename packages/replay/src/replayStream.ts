import type { Episode, RecordLines } from '@carb/episodes';
import type { Pipeline } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';
import { unpackDecoded } from './decodedWire.ts';
import { replayFused, type FusedSelector } from './replayFused.ts';
import { replayLines, type LineTask, type ReplayedLines } from './replayLines.ts';
import { takeBreakpoints } from './takeBreakpoints.ts';
import type { ParallelReplayOptions } from './replayParallel.ts';
import { joinReplayedParts, replayPool } from './replayPool.ts';
import type { ReplayedLinesMessage, ReplayTask } from './replayWorker.ts';

/** Episodes per pool task: several per worker, so a slow chunk does not leave the others idle at the end. */
const MAX_CHUNK = 256;

/**
 * JSONL record lines per pool task: fewer than episodes, because a task's episodes are parsed
 * in the worker and stay alive through its replay; a short-lived chunk's objects die in the
 * young generation instead of being promoted and collected by full GCs.
 */
const MAX_LINES = 64;

/**
 * A batch of episodes, optionally with each one's encoderText (@carb/episodes): a worker then
 * parses the text instead of receiving a structured clone, which the main thread would pay for.
 * Or JSONL record lines (LineBatch), decoded where they are replayed.
 */
export type ReplayBatch = readonly Episode[] | { episodes: readonly Episode[]; texts: readonly string[] } | LineBatch;

/**
 * Record lines decoded and replayed in the worker (replayLines). `settle` is called in stream
 * order with the outcomes of each chunk of the lines (once with none for a batch without
 * lines, e.g. the end of a file) and says which decoded episodes keep their rows (null: all).
 */
export interface LineBatch extends RecordLines {
  maxLine: number;
  /** Called without `this`: a chunk in flight keeps only this function, not the batch's lines. */
  settle: (decoded: ReplayedLines['decoded'], hashes: Uint8Array) => readonly boolean[] | null;
}

const sizeOf = (b: ReplayBatch): number => ('lengths' in b ? b.lengths.length : 'texts' in b ? b.episodes.length : b.length);

// One chunk of a batch, replayed there, then settled here in stream order.
interface Chunk {
  task: ReplayTask;
  count: number;
  finish: (done: BreakpointTable[] | ReplayedLines | null) => BreakpointTable[] | null;
}

/**
 * The chunks of a batch. `own`: each chunk of lines gets its bytes in a buffer of its own, to be moved
 * to a worker (transferred, not cloned); otherwise they are views on the batch's.
 */
function chunksOf(batch: ReplayBatch, own: boolean): Chunk[] {
  const out: Chunk[] = [];
  if ('lengths' in batch) {
    const { settle, maxLine, lengths, lineNumbers } = batch;
    if (lengths.length === 0)
      return [
        {
          task: { bytes: new Uint8Array(0), lengths: [], lineNumbers: [], maxLine },
          count: 0,
          finish: () => {
            settle([], new Uint8Array(0));
            return null;
          },
        },
      ];
    for (let at = 0, from = 0; at < lengths.length; at += MAX_LINES) {
      const chunk = lengths.slice(at, at + MAX_LINES);
      let to = from;
      for (const n of chunk) if (n > 0) to += n;
      const view = batch.bytes.subarray(from, to);
      from = to;
      out.push({
        // a copy: new Uint8Array, not slice (a Buffer's slice is a view)
        task: { bytes: own ? new Uint8Array(view) : view, lengths: chunk, lineNumbers: lineNumbers.slice(at, at + MAX_LINES), maxLine },
        count: chunk.length,
        finish: (done) => settled(settle, done as ReplayedLines),
      });
    }
    return out;
  }
  const episodes = 'texts' in batch ? batch.episodes : batch;
  for (let at = 0; at < episodes.length; at += MAX_CHUNK) {
    const count = Math.min(MAX_CHUNK, episodes.length - at);
    out.push({
      task: 'texts' in batch ? { texts: batch.texts.slice(at, at + count) } : episodes.slice(at, at + count),
      count,
      finish: (done) => done as BreakpointTable[],
    });
  }
  return out;
}

// The rows settle keeps (a duplicate id or an ineligible episode is decoded and replayed, then dropped).
function settled(settle: LineBatch['settle'], done: ReplayedLines): BreakpointTable[] {
  const keep = settle(done.decoded, done.hashes);
  // the tables' ids and groups are the heads' strings (a worker sends them once, in the heads), which
  // the reading side keeps anyway; a group equal to its id is that very string, not a second copy
  const ids: string[] = [];
  const groups: string[] = [];
  for (const d of done.decoded) {
    if (!('head' in d)) continue;
    ids.push(d.head.id);
    groups.push(d.head.group === d.head.id ? d.head.id : d.head.group);
  }
  for (const t of done.tables) {
    t.ids = ids;
    t.groups = groups;
  }
  if (keep === null || keep.every(Boolean)) return done.tables;
  const rows = keep.flatMap((k, e) => (k ? [e] : []));
  return done.tables.map((t) => takeBreakpoints(t, rows));
}

/**
 * The fused replay of a stream of episode batches (a corpus larger than memory), in stream
 * order, across worker threads. Memory is the breakpoint columns plus a bounded number of
 * chunks in flight. The thread count is settled once enough of the stream is seen: a stream
 * that ends below `episodesPerWorker` × workers gets fewer threads, down to none. A stream of
 * episodes has its first `episodesPerWorker` replayed on this thread as they are read. Each
 * episode's columns depend on that episode alone, so the tables are identical for any worker
 * count, chunking and batching.
 */
export async function replayStream(
  batches: AsyncIterable<ReplayBatch> | Iterable<ReplayBatch>,
  pipeline: Pipeline,
  selectors: readonly FusedSelector[],
  options: ParallelReplayOptions = {},
): Promise<BreakpointTable[]> {
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`replay: expected a worker count ≥ 1, found ${workers}`);
  const noise = options.noise ?? null;
  const perWorker = options.episodesPerWorker ?? 5000;
  const iterator = Symbol.asyncIterator in batches ? batches[Symbol.asyncIterator]() : batches[Symbol.iterator]();
  const parts: BreakpointTable[][] = [];
  const keep = (tables: BreakpointTable[] | null) => {
    if (tables) parts.push(tables);
  };
  const here = (batch: Exclude<ReplayBatch, LineBatch>) => {
    const episodes = 'texts' in batch ? batch.episodes : batch;
    if (episodes.length) parts.push(replayFused(episodes, pipeline, selectors, { noise, onEpisode: () => options.onEpisodes?.(1) }));
  };
  // read ahead until the thread count is decided: the whole stream, or more than enough for all but one worker.
  // The first `perWorker` episodes of a stream of episodes are replayed here as they are read: a stream that ends
  // within them gets no thread anyway, and replayed at once they die young instead of being held to the end of the
  // read-ahead (the shared AgentDojo runs: ~80 ms less, issue 26); a longer stream leaves the rest to the threads.
  const head: ReplayBatch[] = [];
  let seen = 0;
  let ended = false;
  while (workers > 1 && seen <= (workers - 1) * perWorker) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const batch = next.value;
    if (head.length === 0 && seen < perWorker && !('lengths' in batch)) here(batch);
    // a batch of lines held past the next read gets its own bytes (the reader's are reused)
    else head.push('lengths' in batch ? { ...batch, bytes: new Uint8Array(batch.bytes) } : batch);
    seen += sizeOf(batch);
  }
  const threads = ended ? Math.min(workers, Math.ceil(seen / perWorker)) : workers;
  if (threads <= 1) {
    const replay = (batch: ReplayBatch) => {
      if (!('lengths' in batch)) {
        here(batch);
        return;
      }
      for (const c of chunksOf(batch, false)) {
        const task = c.task as LineTask;
        keep(c.finish(task.lengths.length ? replayLines(task, pipeline, selectors, noise) : null));
        options.onEpisodes?.(c.count);
      }
    };
    for (const b of head) replay(b);
    if (!ended) for (let next = await iterator.next(); !next.done; next = await iterator.next()) replay(next.value);
  } else {
    const pool = replayPool(pipeline, selectors, noise, threads);
    try {
      // a chunk in flight keeps its result and how to finish it, not its task (lines die once posted)
      const inFlight: Array<{ done: Promise<BreakpointTable[] | ReplayedLines | null>; finish: Chunk['finish'] }> = [];
      let settledUpTo = 0;
      // results are settled in stream order, whatever order the workers finish in
      const settleOldest = async () => {
        const { done, finish } = inFlight[settledUpTo]!;
        inFlight[settledUpTo++] = undefined as never;
        keep(finish(await done));
      };
      const limit = threads * 8;
      const submit = async (batch: ReplayBatch) => {
        for (const chunk of chunksOf(batch, true)) {
          const { task } = chunk;
          // a chunk's line bytes are moved, not cloned: their buffer is their own (chunksOf)
          const transferList = 'lengths' in task ? [task.bytes.buffer as ArrayBuffer] : undefined;
          const done =
            chunk.count === 0
              ? Promise.resolve(null)
              : (pool.run(task, transferList ? { transferList } : {}) as Promise<BreakpointTable[] | ReplayedLinesMessage>).then((r) => {
                  options.onEpisodes?.(chunk.count);
                  return 'decodedWire' in r ? { decoded: unpackDecoded(r.decodedWire), hashes: r.hashes, tables: r.tables } : r;
                });
          inFlight.push({ done, finish: chunk.finish });
          // back-pressure: wait for the oldest chunk
          while (inFlight.length - settledUpTo >= limit) await settleOldest();
        }
      };
      for (const b of head) await submit(b);
      head.length = 0;
      if (!ended) for (let next = await iterator.next(); !next.done; next = await iterator.next()) await submit(next.value);
      while (settledUpTo < inFlight.length) await settleOldest();
    } finally {
      await pool.destroy();
    }
  }
  options.onReplayed?.();
  return joinReplayedParts(parts, pipeline, selectors, noise);
}
