import { existsSync } from 'node:fs';
import { outputFolderProblem, printableLines } from '@carb/io';
import { SWEEP_RULE, loadSweepSpec, onlyProblem } from '@carb/sweep';
import { sweep } from '@carb/jobs';
import { UsageError } from '../options/usageError.ts';
import type { SweepArgs } from './sweep.ts';
import { sweepProgress } from './sweepProgress.ts';

/** `carb sweep`, once its options have passed: the spec and --out checked (exit 2), then the job (@carb/jobs) with a progress display. */
export async function run(args: SweepArgs): Promise<void> {
  if (!existsSync(args.spec))
    throw new UsageError(
      `<spec>: expected a sweep spec file (e.g. configs/sweeps/graph-braid-table10.json), found no file at ${args.spec}`,
    );
  const outProblem = outputFolderProblem(args.out, SWEEP_RULE);
  if (outProblem) throw new UsageError(`--out: ${outProblem}`);
  const spec = loadSweepSpec(args.spec);
  const problem = args.only ? onlyProblem(spec, args.only) : null;
  if (problem) throw new UsageError(problem);
  const { lines, stale } = await sweep({ ...args, spec }, { start: (total) => sweepProgress(spec.name, total) });
  if (stale !== null) process.stderr.write(`${stale}\n`);
  process.stdout.write(`${printableLines(lines.join('\n'))}\n`);
}
