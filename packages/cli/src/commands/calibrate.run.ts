import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { foldSizes, parseAlpha, rationalValue } from '@carb/calibrate';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { defaultWorkers } from '@carb/replay';
import { summaryTable, writeReport } from '@carb/report';
import { detectDataset, labelsFor, runCalibrationJob, scoreNoiseFor } from '../calibrationJob.ts';
import { loadEpisodes } from '../loadEpisodes.ts';
import { invocation } from '../argv.ts';
import { UsageError } from '../options/usageError.ts';
import type { CalibrateArgs } from './calibrate.ts';

/** A recorded manifest for --expect-manifest: its pipeline hash and component hashes. */
function readManifest(file: string): { pipelineHash: string; components: Record<string, string> } {
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: expected a readable carb manifest.json, found ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const ok = m !== null && typeof m === 'object' && typeof (m as { pipelineHash?: unknown }).pipelineHash === 'string'
    && typeof (m as { components?: unknown }).components === 'object' && (m as { components?: unknown }).components !== null;
  if (!ok) throw new Error(`${file}: expected a carb manifest with pipelineHash and components, found neither`);
  return m as { pipelineHash: string; components: Record<string, string> };
}

/** `carb calibrate`, once its options have passed: replay, protocol, report. */
export async function run(args: CalibrateArgs): Promise<void> {
  const pipeline = loadPipeline(args.pipeline ?? defaultPipelinePath());
  const episodes = loadEpisodes(args.corpus, { format: args.format, strict: args.strict, includeAborted: args['include-aborted'] });
  const labels = labelsFor(args.corpus);
  const dataset = args.dataset ?? detectDataset(episodes, labels);
  const folds = foldSizes(dataset, episodes.length);
  const nCal = args.cal ?? folds.nCal;
  const nTest = args.test ?? folds.nTest;
  if ((args.cal !== undefined || args.test !== undefined) && nCal + nTest > episodes.length) {
    throw new UsageError(`--cal/--test: expected calibration + test ≤ the ${episodes.length} usable episodes, found ${nCal} + ${nTest}`);
  }
  const manifestPath = args['expect-manifest'] ?? (existsSync(join(args.out, 'manifest.json')) ? join(args.out, 'manifest.json') : undefined);
  const expectManifest = args['expect-hash'] && manifestPath ? readManifest(manifestPath) : null;
  const { protocol, manifest, report } = await runCalibrationJob({
    title: args.corpus.map((p) => basename(p.replace(/\/+$/, ''))).join(', '),
    episodes, labels, pipeline,
    methods: args.methods,
    alphas: args.alphas,
    frontier: args.frontier,
    splits: args.splits,
    dataset,
    ...(args.cal !== undefined ? { nCal: args.cal } : {}),
    ...(args.test !== undefined ? { nTest: args.test } : {}),
    splitRng: args['split-rng'],
    baseSeed: args['base-seed'],
    argv: invocation(),
    scoreNoise: scoreNoiseFor(args.corpus),
    workers: args.workers ?? defaultWorkers(),
    ...(args['selector-seeds'] ? { selectorSeeds: args['selector-seeds'] } : {}),
    ...(args['expect-hash'] ? { expectHash: args['expect-hash'], expectManifest } : {}),
  });
  const { manifestHash } = await writeReport(args.out, report);
  const shown = args.alphas.map((a) => rationalValue(parseAlpha(a)));
  process.stdout.write(`${summaryTable(protocol.summary, { alphas: shown })}\n\n`);
  process.stdout.write(`pipeline hash ${manifest.pipelineHash}\nmanifest sha256 ${manifestHash}\nreport: ${join(args.out, 'index.html')}\n`);
}
