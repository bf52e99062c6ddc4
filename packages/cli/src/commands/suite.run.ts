import { suiteOutputProblem } from '@carb/suites';
import { suite } from '@carb/jobs';
import { UsageError } from '../options/usageError.ts';
import type { SuiteArgs } from './suite.ts';

/** `carb suite`, once its options have passed: --out checked (exit 2), then the job (@carb/jobs). */
export async function run(args: SuiteArgs): Promise<void> {
  const problem = suiteOutputProblem(args.out);
  if (problem) throw new UsageError(`--out: ${problem}`);
  const params =
    args.size === undefined ? args.param.params : { ...args.param.params, [args.name === 'ces' ? 'families' : 'trajectories']: args.size };
  const lines = await suite({
    name: args.name,
    ...(args.cohort !== undefined ? { cohort: args.cohort } : {}),
    seed: args.seed,
    params,
    out: args.out,
  });
  process.stdout.write(lines.map((l) => `${l}\n`).join(''));
}
