import type { Worker } from 'node:worker_threads';
import { workerThread } from '@carb/io';
import { shuffleWith, type SplitRng } from './shuffleWith.ts';

/** The shuffles of shuffleRows: row k keeps the first `keep` of 0 … n − 1 shuffled with seed baseSeed + k. */
export interface ShuffleWork {
  n: number;
  keep: number;
  count: number;
  baseSeed: number;
  rng: SplitRng;
}

/** ShuffleWork with its shared memory: the rows (count × keep), and the next row to claim then one state per row. */
export interface SharedShuffleWork extends ShuffleWork {
  rows: SharedArrayBuffer;
  control: SharedArrayBuffer;
}

/** A row's state in control[1 + k]: being drawn (or not yet claimed), written, or failed where it was drawn. */
const DRAWING = 0;
const WRITTEN = 1;
const FAILED = 2;

/**
 * How long this thread waits for a row another thread claimed before drawing it itself: a row of
 * 10⁶ positions takes ~13 ms, so a thread this late has died or is starved. Both draw the same values.
 */
const ROW_PATIENCE_MS = 2000;

/** Claims rows until none is left and writes each: the loop of every thread drawing a ShuffleWork. How many it claimed. */
export function drawClaimedRows(work: SharedShuffleWork): number {
  const control = new Int32Array(work.control);
  const rows = new Int32Array(work.rows);
  let order: Int32Array | null = null;
  for (let claimed = 0; ; claimed++) {
    const k = Atomics.add(control, 0, 1);
    if (k >= work.count) return claimed;
    let state = WRITTEN;
    try {
      drawRow(work, k, (order ??= new Int32Array(work.n)), rows);
    } catch {
      // the thread that takes the rows draws this one again, and meets the error itself
      state = FAILED;
    }
    Atomics.store(control, 1 + k, state);
    Atomics.notify(control, 1 + k);
  }
}

/** Row k of the work into `rows`, through `order` (n positions). */
function drawRow(work: ShuffleWork, k: number, order: Int32Array, rows: Int32Array): void {
  for (let i = 0; i < order.length; i++) order[i] = i;
  shuffleWith(work.rng, work.baseSeed + k, order);
  rows.set(order.subarray(0, work.keep), k * work.keep);
}

/** The rows of a ShuffleWork being drawn (shuffleRows). */
export interface ShuffleRows {
  /** Rows claimed so far by any thread. */
  claimed(): number;
  /** The rows, count × keep, once all are written; `elsewhere` of them were written by worker threads. */
  take(): { rows: Int32Array; elsewhere: number };
  /** Ends the worker threads (the rows are not wanted after all). */
  stop(): void;
}

/**
 * The rows of `work` drawn on `threads` threads, this one included: worker threads start now and
 * claim rows; take() claims the rest on this thread, then waits for the others' rows (drawing any
 * that a thread failed or is late on itself). The rows are the same whichever thread draws them,
 * and whether any worker starts at all.
 */
export function shuffleRows(work: ShuffleWork, threads: number): ShuffleRows {
  const shared: SharedShuffleWork = {
    ...work,
    rows: new SharedArrayBuffer(work.count * work.keep * 4),
    control: new SharedArrayBuffer((1 + work.count) * 4),
  };
  const workers: Worker[] = [];
  for (let t = 1; t < threads; t++) {
    const w = workerThread(import.meta.url, 'shuffleWorker', { workerData: shared });
    // a worker that cannot start or dies leaves its rows to take(), which draws them here
    w.on('error', () => {});
    w.unref();
    workers.push(w);
  }
  const control = new Int32Array(shared.control);
  const stop = (): void => {
    for (const w of workers) void w.terminate();
  };
  return {
    stop,
    claimed: () => Math.min(work.count, Atomics.load(control, 0)),
    take() {
      let here = drawClaimedRows(shared);
      const rows = new Int32Array(shared.rows);
      let order: Int32Array | null = null;
      for (let k = 0; k < work.count; k++) {
        if (Atomics.load(control, 1 + k) === DRAWING) Atomics.wait(control, 1 + k, DRAWING, ROW_PATIENCE_MS);
        if (Atomics.load(control, 1 + k) !== WRITTEN) {
          drawRow(work, k, (order ??= new Int32Array(work.n)), rows);
          here++;
        }
      }
      stop();
      return { rows, elsewhere: work.count - here };
    },
  };
}
