import { createRequire } from 'node:module';
import { carbPath } from '@carb/io';
import type { Pipeline } from '@carb/pipeline';
import type * as PiscinaModule from 'piscina';
import type { Piscina } from 'piscina';
import type { BreakpointTable } from './breakpoints.ts';
import { concatBreakpoints } from './concatBreakpoints.ts';
import { replayFused, type FusedSelector, type ReplayNoise } from './replayFused.ts';
import { replayWorkerEntry } from './replayWorkerEntry.ts';
import type { ReplayWorkerData } from './replayWorker.ts';

/**
 * Young generation of a replay thread: 32 MB semi-spaces, which bin/carb.js also makes their size from
 * the start. In V8's default (16 MB semi-spaces at most) a chunk's episodes, then held until the chunk
 * was replayed, outlived scavenges and were promoted, then collected by full GCs.
 */
const YOUNG_GENERATION_MB = 96;

let loaded: typeof PiscinaModule | null = null;

/**
 * piscina, loaded at the first pool: a run replayed on this thread alone (the shared AgentDojo runs,
 * under 5,000 episodes) never starts one, and loading its modules cost each of those runs 14–23 ms.
 */
function piscina(): typeof PiscinaModule {
  return (loaded ??= createRequire(carbPath('packages/replay/package.json'))('piscina') as typeof PiscinaModule);
}

/**
 * Tasks posted to a replay thread at once: it runs them one after the other, so a thread that ends a task
 * starts the next without waiting for this thread to take its reply and post another, which a thread busy
 * reading does late (piscina hands out queued tasks only from this thread's event loop). With one posted at a
 * time the threads waited: ~30% of the time beside the reading (`--workers 3` on the shared runs 2.42–2.61 →
 * 2.13–2.27 s); ~5% replaying a JSONL stream (10⁵ graph-braid episodes: 0.2–0.36 s more, medians of
 * interleaved pairs; with two posted, 0.54 s slower than with four). The cost is memory: a 10⁶-episode stream peaked at
 * 999–1,002 MiB against 963–965 MiB with one posted (two runs each), inside its 1 GiB budget.
 */
export const POSTED_PER_THREAD = 4;

/** `threads` replay threads, all started now, each holding the pipeline, selectors and noise of the replay. */
export function replayPool(pipeline: Pipeline, selectors: readonly FusedSelector[], noise: ReplayNoise | null, threads: number): Piscina {
  return new (piscina().Piscina)({
    ...replayWorkerEntry(),
    maxThreads: threads,
    minThreads: threads,
    concurrentTasksPerWorker: POSTED_PER_THREAD,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: 256 },
    workerData: { pipeline, selectors: [...selectors], noise } satisfies ReplayWorkerData,
  });
}

/**
 * The tables of a replay's parts (each part one table per selector, in stream order) joined per
 * selector; the tables of no episodes when there is no part. The parts are the caller's own:
 * each column is let go once joined.
 */
export function joinReplayedParts(
  parts: readonly BreakpointTable[][],
  pipeline: Pipeline,
  selectors: readonly FusedSelector[],
  noise: ReplayNoise | null,
): BreakpointTable[] {
  if (parts.length === 0) return replayFused([], pipeline, selectors, { noise });
  return selectors.map((_, s) =>
    concatBreakpoints(
      parts.map((p) => p[s]!),
      true,
    ),
  );
}
