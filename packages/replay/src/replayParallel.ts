import { availableParallelism } from 'node:os';
import type { Episode } from '@carb/episodes';
import type { Pipeline } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';
import type { ReplayNoise, FusedSelector } from './replayFused.ts';
import { replayStream } from './replayStream.ts';

export interface ParallelReplayOptions {
  /** Worker threads; 1 replays in this thread with no pool. Default: os.availableParallelism(). */
  workers?: number;
  noise?: ReplayNoise | null;
  /** Called with the number of episodes just finished. */
  onEpisodes?: (count: number) => void;
  /**
   * Fewest episodes worth a worker thread (default 5,000): a smaller corpus uses fewer threads,
   * down to none. A worker starts cold (module load, JIT warm-up, cloned episodes): measured
   * ≈ 1 s per pool start against ≈ 4,600–5,700 episodes/s warm in one thread for all five
   * selectors on the shared runs (scripts/bench/replay.ts).
   */
  episodesPerWorker?: number;
  /**
   * Called once every episode is replayed (and settled), before the chunks' tables are joined: a
   * caller can start work that needs only what the replay has counted, on the threads it leaves idle.
   */
  onReplayed?: () => void;
}

/** Default worker count: one per available core. */
export const defaultWorkers = (): number => availableParallelism();

/**
 * The fused replay of episodes in memory across worker threads (replayStream of one batch):
 * breakpoint tables in input order, identical for any worker count and chunking.
 */
export function replayParallel(
  episodes: readonly Episode[],
  pipeline: Pipeline,
  selectors: readonly FusedSelector[],
  options: ParallelReplayOptions = {},
): Promise<BreakpointTable[]> {
  return replayStream([episodes], pipeline, selectors, { ...options, workers: options.workers ?? defaultWorkers() });
}
