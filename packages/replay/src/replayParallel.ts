import { availableParallelism } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Episode } from '@carb/episodes';
import type { Pipeline } from '@carb/pipeline';
import { Piscina } from 'piscina';
import type { BreakpointTable } from './breakpoints.ts';
import { concatBreakpoints } from './concatBreakpoints.ts';
import { replayFused, type FusedSelector, type ReplayNoise } from './replayFused.ts';
import type { ReplayWorkerData } from './replayWorker.ts';

export interface ParallelReplayOptions {
  /** Worker threads; 1 replays in this thread with no pool. Default: os.availableParallelism(). */
  workers?: number;
  noise?: ReplayNoise | null;
  /** Called with the number of episodes just finished. */
  onEpisodes?: (count: number) => void;
  /**
   * Fewest episodes worth a worker thread (default 5,000): a smaller corpus uses fewer threads,
   * down to none. A worker starts cold (module load, JIT warm-up, cloned episodes): measured
   * ≈ 1.8 s CPU per worker against ≈ 1,600 episodes/s warm in one thread (scripts/bench/replay.ts).
   */
  episodesPerWorker?: number;
}

/** Default worker count: one per available core. */
export const defaultWorkers = (): number => availableParallelism();

/**
 * The fused replay across worker threads: chunks of episodes in, breakpoint columns out,
 * joined in input order. Each episode's columns depend on that episode alone, so the
 * tables are identical for any worker count and chunking.
 */
export async function replayParallel(episodes: readonly Episode[], pipeline: Pipeline, selectors: readonly FusedSelector[], options: ParallelReplayOptions = {}): Promise<BreakpointTable[]> {
  const workers = options.workers ?? defaultWorkers();
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`replay: expected a worker count ≥ 1, found ${workers}`);
  const noise = options.noise ?? null;
  const threads = Math.min(workers, Math.ceil(episodes.length / (options.episodesPerWorker ?? 5000)));
  if (threads <= 1) return replayFused(episodes, pipeline, selectors, { noise, onEpisode: () => options.onEpisodes?.(1) });
  const pool = new Piscina({ ...replayWorkerEntry(), maxThreads: threads, minThreads: threads, workerData: { pipeline, selectors: [...selectors], noise } satisfies ReplayWorkerData });
  try {
    // several chunks per worker so a slow chunk does not leave the others idle at the end
    const size = Math.max(1, Math.min(256, Math.ceil(episodes.length / (threads * 8))));
    const tasks: Promise<BreakpointTable[]>[] = [];
    for (let at = 0; at < episodes.length; at += size) {
      const chunk = episodes.slice(at, at + size);
      tasks.push((pool.run(chunk) as Promise<BreakpointTable[]>).then((tables) => {
        options.onEpisodes?.(chunk.length);
        return tables;
      }));
    }
    const parts = await Promise.all(tasks);
    return selectors.map((_, s) => concatBreakpoints(parts.map((p) => p[s]!)));
  } finally {
    await pool.destroy();
  }
}

/**
 * The worker file beside the running code: replayWorker.ts under the TypeScript sources
 * (loaded through tsx), replayWorker.js (same extension) beside a compiled bundle.
 */
function replayWorkerEntry(): { filename: string; execArgv?: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ext = extname(here);
  const filename = join(dirname(here), `replayWorker${ext}`);
  return ext === '.ts' ? { filename, execArgv: ['--import', 'tsx'] } : { filename };
}
