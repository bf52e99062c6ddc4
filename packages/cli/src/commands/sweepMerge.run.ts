import { join } from 'node:path';
import { outputFolderProblem } from '@carb/io';
import { SWEEP_RULE, mergeSweep, sweepLockPart } from '@carb/sweep';
import { holdingOutput } from '@carb/jobs';
import { UsageError } from '../options/usageError.ts';
import type { SweepMergeArgs } from './sweep.ts';

/** `carb sweep merge`, once its options have passed. */
export async function run(args: SweepMergeArgs): Promise<void> {
  const outProblem = outputFolderProblem(args.out, SWEEP_RULE);
  if (outProblem) throw new UsageError(`--out: ${outProblem}`);
  const merged = await holdingOutput(args.out, () => mergeSweep(args.dirs, args.out), sweepLockPart());
  const tables = merged.aggregates.filter((f) => f.endsWith('.json')).map((f) => `${f.replace(/\.json$/, '')}: ${join(args.out, f)}`);
  process.stdout.write(
    `${[`sweep ${merged.record.name}: merged ${merged.conditions} conditions from ${args.dirs.length} folders into ${args.out}`, ...tables, `report: ${join(args.out, 'index.html')}`].join('\n')}\n`,
  );
}
