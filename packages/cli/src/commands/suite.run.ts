import { readFileSync } from 'node:fs';
import { removeStaleTemps } from '@carb/io';
import { generateCes, graphBraidMeta, graphBraidTrajectories, suiteOutputProblem, suitePaths, writeSuite, writeSuiteStream } from '@carb/suites';
import { holdingOutput } from '@carb/jobs';
import { UsageError } from '../options/usageError.ts';
import type { SuiteArgs } from './suite.ts';

/** `carb suite`, once its options have passed. */
export async function run(args: SuiteArgs): Promise<void> {
  const problem = suiteOutputProblem(args.out);
  if (problem) throw new UsageError(`--out: ${problem}`);
  await holdingOutput(args.out, async () => {
    for (const path of suitePaths(args.out)) removeStaleTemps(path);
    await suite(args);
  });
}

async function suite(args: SuiteArgs): Promise<void> {
  const params = args.size === undefined ? args.param.params : { ...args.param.params, [args.name === 'ces' ? 'families' : 'trajectories']: args.size };
  // graph-braid streams to disk one trajectory at a time (10⁶ trajectories do not fit in memory)
  const files = args.name === 'ces'
    ? writeSuite(generateCes(args.cohort!, args.seed, params), args.out)
    : await writeSuiteStream(graphBraidTrajectories(args.seed, params), (n, harmful) => graphBraidMeta(args.seed, params, n, harmful), args.out);
  const m = JSON.parse(readFileSync(files[2]!, 'utf8')) as { suite: string; cohort: string | null; episodes: number; harmful: number; harmfulShare: number; seed: number };
  process.stdout.write(
    `${m.suite}${m.cohort ? ` ${m.cohort}` : ''}: ${m.episodes} episodes, ${m.harmful} harmful (share ${m.harmfulShare.toFixed(3)}), seed ${m.seed}\n` +
      files.map((f) => `  ${f}\n`).join(''),
  );
}
