import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusFormat } from '@carb/episodes';
import { outputFolderProblem, writeFileAtomic } from '@carb/io';
import { loadPipeline, defaultPipelinePath, withSelector, type SelectorKind } from '@carb/pipeline';
import {
  REPLAY_SHARDS_RULE,
  breakpointTablesToArrow,
  defaultWorkers,
  isBreakpointArrowHead,
  gridMeans,
  gridMeansOfBreakpoints,
  naiveReplay,
  type GridMean,
} from '@carb/replay';
import { suitePerturbationFor } from './calibrationJob.ts';
import { holdingOutputFile } from './holdingOutput.ts';
import { loadEpisodes } from './loadEpisodes.ts';
import { NO_NOTICE, type Notice } from './notice.ts';
import { replayInput, replayProvenance } from './replayInput.ts';
import { runSources, type LedgerArgs } from './scoresAndEvents.ts';
import { shardFileName, type ShardSpec } from './shardSpec.ts';
import { UsageError } from '@carb/io';

/** The choices of `carb replay`, named as its flags. */
export interface ReplayArgs extends LedgerArgs {
  corpus: string[];
  pipeline?: string;
  selector?: SelectorKind[];
  naive: boolean;
  out?: string;
  json: boolean;
  workers?: number;
  shard?: ShardSpec;
  format: CorpusFormat;
  strict: boolean;
  includeAborted: boolean;
}

/** Per selector: the episodes replayed and the means at every grid point. */
export interface ReplaySummary {
  method: string;
  episodes: number;
  grid: GridMean[];
}

/** What a replay did: the summaries, or for a shard the episodes of the corpus and the shard file written. */
export type ReplayResult =
  | { kind: 'summaries'; summaries: ReplaySummary[] }
  | { kind: 'shard'; shard: ShardSpec; replayed: number; episodes: number; selectors: string[]; file: string };

/**
 * `carb replay`: the breakpoint tables of every selector (to `args.out`, or a shard file in it), summarised per selector.
 * `onNotice` gets the input problem lines and what was left out (the command prints them on stderr).
 */
export async function replay(args: ReplayArgs, onNotice: Notice = NO_NOTICE): Promise<ReplayResult> {
  if (args.out === undefined) return replayHeld(args, onNotice);
  // with --shard, --out is the folder the array tasks fill together: each task owns only its shard file
  if (args.shard) {
    const problem = outputFolderProblem(args.out, REPLAY_SHARDS_RULE);
    if (problem) throw new UsageError(`--out: ${problem}`);
  }
  const file = args.shard ? join(args.out, shardFileName(args.shard)) : args.out;
  return holdingOutputFile(file, 'a breakpoint table', isBreakpointArrowHead, () => replayHeld(args, onNotice));
}

async function replayHeld(args: ReplayArgs, onNotice: Notice): Promise<ReplayResult> {
  const { pipeline: base, sources } = runSources(loadPipeline(args.pipeline ?? defaultPipelinePath()), args, onNotice);
  const kinds = args.selector ?? [base.selector.kind];
  const load = { format: args.format, strict: args.strict, includeAborted: args.includeAborted, onNotice };
  let summaries: ReplaySummary[];
  if (args.naive) {
    if (sources)
      throw new UsageError(
        '--naive: expected a pipeline without ledger.latentPolicy (the reference replay reads the built-in ledger alone), found one',
      );
    const episodes = loadEpisodes(args.corpus, load);
    summaries = kinds
      .map((kind) => naiveReplay(episodes, withSelector(base, { kind })))
      .map((t) => ({ method: t.method, episodes: t.n, grid: gridMeans(t) }));
  } else {
    // the suite's declared score noise and edge dropout are part of what a replayed table means (calibrate applies them too)
    const noise = suitePerturbationFor(args.corpus);
    const shard = args.shard ?? null;
    const selectors = kinds.map((kind) => ({ method: kind, selector: withSelector(base, { kind }).selector }));
    const replayed = await replayInput({
      input: { paths: args.corpus, load },
      pipeline: base,
      selectors,
      workers: args.workers ?? defaultWorkers(),
      noise,
      ...(shard ? { shard } : {}),
      ...(sources ? { sources } : {}),
    });
    const breakpoints = [...replayed.tables.values()];
    const bytes =
      args.out === undefined ? null : breakpointTablesToArrow(breakpoints, replayProvenance(base, replayed, noise, args.corpus, shard));
    if (shard && bytes) {
      // one file per task, replaced whole: re-running a failed task alone is safe
      mkdirSync(args.out!, { recursive: true });
      const file = join(args.out!, shardFileName(shard));
      writeFileAtomic(file, bytes);
      return { kind: 'shard', shard, replayed: breakpoints[0]!.n, episodes: replayed.episodes, selectors: kinds, file };
    }
    if (bytes) writeFileAtomic(args.out!, bytes);
    // means chunk by chunk: the dense n × 102 table of a 10⁶-episode corpus would not fit in memory
    summaries = breakpoints.map((t) => ({ method: t.method, episodes: t.n, grid: gridMeansOfBreakpoints(t) }));
  }
  return { kind: 'summaries', summaries };
}
