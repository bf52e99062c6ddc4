import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { outputFolderProblem, writeFileAtomic } from '@carb/io';
import { loadPipeline, defaultPipelinePath, withSelector } from '@carb/pipeline';
import { REPLAY_SHARDS_RULE, breakpointTablesToArrow, defaultWorkers, isBreakpointArrowHead, gridMeans, gridMeansOfBreakpoints, naiveReplay, type GridMean } from '@carb/replay';
import { suitePerturbationFor } from '@carb/jobs';
import { loadEpisodes } from '@carb/jobs';
import { shardFileName } from '../options/shard.ts';
import { replayInput, replayProvenance } from '@carb/jobs';
import { runSources } from '@carb/jobs';
import type { ReplayArgs } from './replay.ts';
import { UsageError } from '../options/usageError.ts';
import { holdingOutputFile } from '@carb/jobs';

/** `carb replay`, once its options have passed. */
export async function run(args: ReplayArgs): Promise<void> {
  if (args.out === undefined) return replay(args);
  // with --shard, --out is the folder the array tasks fill together: each task owns only its shard file
  if (args.shard) {
    const problem = outputFolderProblem(args.out, REPLAY_SHARDS_RULE);
    if (problem) throw new UsageError(`--out: ${problem}`);
  }
  const file = args.shard ? join(args.out, shardFileName(args.shard)) : args.out;
  return holdingOutputFile(file, 'a breakpoint table', isBreakpointArrowHead, () => replay(args));
}

async function replay(args: ReplayArgs): Promise<void> {
  const { pipeline: base, sources } = runSources(loadPipeline(args.pipeline ?? defaultPipelinePath()), args);
  const kinds = args.selector ?? [base.selector.kind];
  const load = { format: args.format, strict: args.strict, includeAborted: args['include-aborted'] };
  let summaries: Array<{ method: string; episodes: number; grid: GridMean[] }>;
  if (args.naive) {
    if (sources) throw new UsageError('--naive: expected a pipeline without ledger.latentPolicy (the reference replay reads the built-in ledger alone), found one');
    const episodes = loadEpisodes(args.corpus, load);
    summaries = kinds.map((kind) => naiveReplay(episodes, withSelector(base, { kind }))).map((t) => ({ method: t.method, episodes: t.n, grid: gridMeans(t) }));
  } else {
    // the suite's declared score noise and edge dropout are part of what a replayed table means (calibrate applies them too)
    const noise = suitePerturbationFor(args.corpus);
    const shard = args.shard ?? null;
    const selectors = kinds.map((kind) => ({ method: kind, selector: withSelector(base, { kind }).selector }));
    const replayed = await replayInput({ input: { paths: args.corpus, load }, pipeline: base, selectors, workers: args.workers ?? defaultWorkers(), noise, ...(shard ? { shard } : {}), ...(sources ? { sources } : {}) });
    const breakpoints = [...replayed.tables.values()];
    const bytes = args.out === undefined ? null : breakpointTablesToArrow(breakpoints, replayProvenance(base, replayed, noise, args.corpus, shard));
    if (shard && bytes) {
      // one file per task, replaced whole: re-running a failed task alone is safe
      mkdirSync(args.out!, { recursive: true });
      const file = join(args.out!, shardFileName(shard));
      writeFileAtomic(file, bytes);
      process.stdout.write(`shard ${shard.index}/${shard.count}: replayed ${breakpoints[0]!.n} of ${replayed.episodes} episodes with ${kinds.join(', ')}\nbreakpoint shard: ${file}\n`);
      return;
    }
    if (bytes) writeFileAtomic(args.out!, bytes);
    // means chunk by chunk: the dense n × 102 table of a 10⁶-episode corpus would not fit in memory
    summaries = breakpoints.map((t) => ({ method: t.method, episodes: t.n, grid: gridMeansOfBreakpoints(t) }));
  }
  if (args.json) {
    process.stdout.write(`${JSON.stringify(summaries.length === 1 ? summaries[0] : summaries, null, 2)}\n`);
    return;
  }
  for (const { method, episodes: n, grid } of summaries) {
    const last = grid[grid.length - 1]!;
    process.stdout.write(
      `replayed ${n} episodes with selector ${method}${args.naive ? ' (naive)' : ''}\n` +
        `no stop (λ = 1): loss ${last.loss.toFixed(3)}, intervention ${last.intervention.toFixed(3)}, utility ${last.utility.toFixed(3)}, ctxRed ${last.ctxRed?.toFixed(3) ?? '–'}\n`,
    );
  }
  if (args.out) process.stdout.write(`breakpoint table: ${args.out}\n`);
}
