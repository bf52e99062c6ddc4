import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { carbPath, outputFolderProblem, printableLines } from '@carb/io';
import { loadPipeline } from '@carb/pipeline';
import { defaultWorkers } from '@carb/replay';
import { SWEEP_RULE, loadSweepSpec, onlyProblem, runSweep, selectConditions, sweepLockPart } from '@carb/sweep';
import { holdingOutput } from '@carb/jobs';
import { UsageError } from '../options/usageError.ts';
import type { SweepArgs } from './sweep.ts';
import { sweepProgress } from './sweepProgress.ts';
import { CARB_VERSION } from '@carb/jobs';

/** `carb sweep`, once its options have passed. */
export async function run(args: SweepArgs): Promise<void> {
  if (!existsSync(args.spec)) throw new UsageError(`<spec>: expected a sweep spec file (e.g. configs/sweeps/graph-braid-table10.json), found no file at ${args.spec}`);
  const outProblem = outputFolderProblem(args.out, SWEEP_RULE);
  if (outProblem) throw new UsageError(`--out: ${outProblem}`);
  const spec = loadSweepSpec(args.spec);
  const problem = args.only ? onlyProblem(spec, args.only) : null;
  if (problem) throw new UsageError(problem);
  const pipeline = loadPipeline(carbPath(spec.pipeline!));
  const total = selectConditions(spec, args.only, args.shard).length;
  const progress = sweepProgress(spec.name, total);
  let result;
  try {
    result = await holdingOutput(args.out, () => runSweep({
      spec, pipeline, out: args.out, workers: args.workers ?? defaultWorkers(), carbVersion: CARB_VERSION,
      ...(args.only ? { only: args.only } : {}), ...(args.shard ? { shard: args.shard } : {}),
      onEvent: (e) => progress.event(e), onInterrupt: () => progress.stop(),
    }), sweepLockPart(args.shard));
  } finally {
    progress.stop();
  }
  const shard = args.shard ? ` shard ${args.shard.index}/${args.shard.count}:` : '';
  const lines = [`sweep ${spec.name}:${shard} ${result.selected} conditions (${result.evaluated} evaluated, ${result.skipped} skipped) in ${args.out}`];
  if (result.aggregates.length) {
    lines.push(...result.aggregates.filter((f) => f.endsWith('.json')).map((f) => `${f.replace(/\.json$/, '')}: ${join(args.out, f)}`), `report: ${join(args.out, 'index.html')}`);
  } else {
    lines.push(`${result.present} of ${spec.conditions.length} conditions in ${args.out}; the tables wait for the rest (run the other shards into the same --out, or join shard folders with carb sweep merge)`);
  }
  if (result.foreign.length) process.stderr.write(`sweep ${spec.name}: ${result.foreign.length} file(s) in ${join(args.out, 'conditions')} are no condition of this spec, pipeline and carb version (stale), e.g. ${String(result.foreign[0])}; left as they are\n`);
  process.stdout.write(`${printableLines(lines.join('\n'))}\n`);
}
