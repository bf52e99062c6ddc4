import { join } from 'node:path';
import { carbPath } from '@carb/io';
import { loadPipeline } from '@carb/pipeline';
import { defaultWorkers } from '@carb/replay';
import { runSweep, selectConditions, sweepLockPart, type SweepEvent, type SweepShard, type SweepSpec } from '@carb/sweep';
import { holdingOutput } from './holdingOutput.ts';
import { CARB_VERSION } from './carbVersion.ts';

/** A sweep's inputs once the CLI has checked them (spec loaded, --out and --only usable). */
export interface SweepJobArgs {
  spec: SweepSpec;
  out: string;
  only?: readonly string[];
  shard?: SweepShard;
  workers?: number;
}

/** Where a sweep reports progress: `start` learns how many conditions run before any does. */
export interface SweepJobProgress {
  start(total: number): { event(e: SweepEvent): void; stop(): void };
}

/**
 * `carb sweep` as a job: the selected conditions of `spec` run under the output folder's lock,
 * and the summary lines (stdout) and the stale-file warning (stderr, or null) it ends with.
 */
export async function sweep(args: SweepJobArgs, progressFor: SweepJobProgress): Promise<{ lines: string[]; stale: string | null }> {
  const { spec, out } = args;
  const pipeline = loadPipeline(carbPath(spec.pipeline!));
  const progress = progressFor.start(selectConditions(spec, args.only, args.shard).length);
  let result;
  try {
    result = await holdingOutput(
      out,
      () =>
        runSweep({
          spec,
          pipeline,
          out,
          workers: args.workers ?? defaultWorkers(),
          carbVersion: CARB_VERSION,
          ...(args.only ? { only: args.only } : {}),
          ...(args.shard ? { shard: args.shard } : {}),
          onEvent: (e) => progress.event(e),
          onInterrupt: () => progress.stop(),
        }),
      sweepLockPart(args.shard),
    );
  } finally {
    progress.stop();
  }
  const shard = args.shard ? ` shard ${args.shard.index}/${args.shard.count}:` : '';
  const lines = [
    `sweep ${spec.name}:${shard} ${result.selected} conditions (${result.evaluated} evaluated, ${result.skipped} skipped) in ${out}`,
  ];
  if (result.aggregates.length) {
    lines.push(
      ...result.aggregates.filter((f) => f.endsWith('.json')).map((f) => `${f.replace(/\.json$/, '')}: ${join(out, f)}`),
      `report: ${join(out, 'index.html')}`,
    );
  } else {
    lines.push(
      `${result.present} of ${spec.conditions.length} conditions in ${out}; the tables wait for the rest (run the other shards into the same --out, or join shard folders with carb sweep merge)`,
    );
  }
  const stale = result.foreign.length
    ? `sweep ${spec.name}: ${result.foreign.length} file(s) in ${join(out, 'conditions')} are no condition of this spec, pipeline and carb version (stale), e.g. ${String(result.foreign[0])}; left as they are`
    : null;
  return { lines, stale };
}
