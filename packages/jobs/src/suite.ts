import { readFileSync } from 'node:fs';
import { removeStaleTemps } from '@carb/io';
import {
  generateCes,
  graphBraidMeta,
  graphBraidTrajectories,
  suitePaths,
  writeSuite,
  writeSuiteStream,
  type CesCohort,
  type SuiteParams,
} from '@carb/suites';
import { holdingOutput } from './holdingOutput.ts';

/** A constructed suite to generate: which, the CES cohort (ces only), seed, generator parameters and the episodes file. */
export interface SuiteJobArgs {
  name: 'ces' | 'graph-braid';
  cohort?: CesCohort;
  seed: number;
  params: SuiteParams;
  out: string;
}

/**
 * `carb suite` as a job: the suite written to `out` (labels and meta beside it) under the
 * output's lock; returns the summary lines (the meta's counts, then the files written).
 */
export async function suite(args: SuiteJobArgs): Promise<string[]> {
  return holdingOutput(args.out, async () => {
    for (const path of suitePaths(args.out)) removeStaleTemps(path);
    return writeAndSummarize(args);
  });
}

async function writeAndSummarize({ name, cohort, seed, params, out }: SuiteJobArgs): Promise<string[]> {
  // graph-braid streams to disk one trajectory at a time (10⁶ trajectories do not fit in memory)
  const files =
    name === 'ces'
      ? writeSuite(generateCes(cohort!, seed, params), out)
      : await writeSuiteStream(graphBraidTrajectories(seed, params), (n, harmful) => graphBraidMeta(seed, params, n, harmful), out);
  const m = JSON.parse(readFileSync(files[2]!, 'utf8')) as {
    suite: string;
    cohort: string | null;
    episodes: number;
    harmful: number;
    harmfulShare: number;
    seed: number;
  };
  return [
    `${m.suite}${m.cohort ? ` ${m.cohort}` : ''}: ${m.episodes} episodes, ${m.harmful} harmful (share ${m.harmfulShare.toFixed(3)}), seed ${m.seed}`,
    ...files.map((f) => `  ${f}`),
  ];
}
