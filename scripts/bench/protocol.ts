// The whole protocol (7 methods × 4 α × 200 splits) on the 2,587 shared AgentDojo episodes:
// read + replay of the five selectors, then calibration, each timed in this one run.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ALPHAS, METHOD_ORDER, runProtocol } from '@carb/calibrate';
import { eligibleForCalibration, readCorpus } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { replayForMethods } from '../../packages/cli/src/calibrationJob.ts';
import { bench as calibrateBench } from './calibrate.ts';

const RUNS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora/agentdojo-runs/runs');

export async function bench(): Promise<string[]> {
  if (!existsSync(RUNS)) return [`skipped: ${RUNS} not found`];
  const t0 = performance.now();
  const episodes = readCorpus([RUNS], { format: 'agentdojo' }).episodes.filter((e) => eligibleForCalibration(e));
  const t1 = performance.now();
  const tables = replayForMethods(episodes, loadPipeline(defaultPipelinePath()), METHOD_ORDER, true);
  const t2 = performance.now();
  const res = runProtocol({ tables, alphas: DEFAULT_ALPHAS, splits: 200 });
  const t3 = performance.now();
  return [
    `episodes ${episodes.length}; read ${((t1 - t0) / 1000).toFixed(2)} s, replay of 5 selectors ${((t2 - t1) / 1000).toFixed(2)} s, ` +
      `protocol (7 methods × 4 α × 200 splits = ${res.splitResults.length} split results) ${((t3 - t2) / 1000).toFixed(2)} s; ` +
      `end to end ${((t3 - t0) / 1000).toFixed(2)} s`,
    ...(await calibrateBench(tables)).map((l) => `real tables: ${l}`),
  ];
}
