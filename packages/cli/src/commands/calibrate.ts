import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CommandModule } from 'yargs';
import { DEFAULT_ALPHAS, METHOD_ORDER, isMethodName, type MethodName, type SplitDataset } from '@carb/calibrate';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { summaryTable, writeReport } from '@carb/report';
import { detectDataset, labelsFor, runCalibrationJob, scoreNoiseFor } from '../calibrationJob.ts';
import { loadEpisodes } from '../loadEpisodes.ts';
import { invocation } from '../argv.ts';

interface CalibrateArgs {
  corpus: string[];
  pipeline?: string;
  methods: string;
  alphas: string;
  frontier: boolean;
  splits: number;
  dataset?: SplitDataset;
  cal?: number;
  test?: number;
  'split-rng': 'python' | 'seedrandom';
  'base-seed': number;
  out: string;
  'expect-hash'?: string;
  'expect-manifest'?: string;
  format: 'agentdojo' | 'jsonl' | 'arrow' | 'auto';
  strict: boolean;
  'include-aborted': boolean;
  'selector-seeds'?: string;
}

/** "0-19" or "0,3,7" → seed list. */
export function parseSeeds(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) throw new Error(`--selector-seeds: "${part}" is not a seed or range; expected e.g. 0-19 or 0,3,7`);
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    for (let s = lo; s <= hi; s++) out.push(s);
  }
  return out;
}

export function parseMethods(list: string): MethodName[] {
  if (list === 'all') return [...METHOD_ORDER];
  const out: MethodName[] = [];
  for (const m of list.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (!isMethodName(m)) throw new Error(`--methods: "${m}" is not a method; expected all or a comma list of ${METHOD_ORDER.join(', ')}`);
    out.push(m);
  }
  return out;
}

export const command: CommandModule<object, CalibrateArgs> = {
  command: 'calibrate <corpus..>',
  describe: 'Calibrate thresholds by CRC over seeded splits for every method and budget; write the report',
  builder: (y) =>
    y
      .positional('corpus', { type: 'string', array: true, demandOption: true, describe: 'AgentDojo runs dir, .jsonl or .arrow corpus' })
      .option('pipeline', { type: 'string', describe: 'pipeline config (default configs/pipelines/default.json)' })
      .option('methods', { type: 'string', default: 'all', describe: `comma list of ${METHOD_ORDER.join(', ')}` })
      .option('alphas', { type: 'string', default: DEFAULT_ALPHAS.join(','), describe: 'risk budgets as decimals or fractions' })
      .option('frontier', { type: 'boolean', default: true, describe: 'add the dense frontier (α from 1/(n+1) by .005)' })
      .option('splits', { type: 'number', default: 200, describe: 'number of seeded calibration/test assignments' })
      .option('dataset', { choices: ['agentdojo', 'ces-clean', 'ces-near-miss', 'graph-braid'] as const, describe: 'fold rule of Table 2 (default: detected)' })
      .option('cal', { type: 'number', describe: 'calibration fold size (overrides the dataset rule)' })
      .option('test', { type: 'number', describe: 'test fold size (overrides the dataset rule)' })
      .option('split-rng', { choices: ['python', 'seedrandom'] as const, default: 'python' as const, describe: 'CPython random.Random(seed).shuffle, or seedrandom' })
      .option('base-seed', { type: 'number', default: 0 })
      .option('out', { type: 'string', demandOption: true, describe: 'report directory' })
      .option('expect-hash', { type: 'string', describe: 'refuse to run unless the pipeline hash equals this' })
      .option('expect-manifest', { type: 'string', describe: 'recorded manifest.json, to name the components that differ' })
      .option('format', { choices: ['agentdojo', 'jsonl', 'arrow', 'auto'] as const, default: 'auto' as const })
      .option('strict', { type: 'boolean', default: false })
      .option('include-aborted', { type: 'boolean', default: false })
      .option('selector-seeds', { type: 'string', describe: 'equal-size random seed check at α = .05, e.g. 0-19' }) as never,
  handler: (args) => {
    const pipeline = loadPipeline(args.pipeline ?? defaultPipelinePath());
    const episodes = loadEpisodes(args.corpus, { format: args.format, strict: args.strict, includeAborted: args['include-aborted'] });
    const labels = labelsFor(args.corpus);
    const manifestPath = args['expect-manifest'] ?? (existsSync(join(args.out, 'manifest.json')) ? join(args.out, 'manifest.json') : undefined);
    const expectManifest = args['expect-hash'] && manifestPath ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;
    const { protocol, manifest, report } = runCalibrationJob({
      title: args.corpus.map((p) => basename(p.replace(/\/+$/, ''))).join(', '),
      episodes, labels, pipeline,
      methods: parseMethods(args.methods),
      alphas: args.alphas.split(',').map((s) => s.trim()).filter(Boolean),
      frontier: args.frontier,
      splits: args.splits,
      dataset: args.dataset ?? detectDataset(episodes, labels),
      ...(args.cal !== undefined ? { nCal: args.cal } : {}),
      ...(args.test !== undefined ? { nTest: args.test } : {}),
      splitRng: args['split-rng'],
      baseSeed: args['base-seed'],
      argv: invocation(),
      scoreNoise: scoreNoiseFor(args.corpus),
      ...(args['selector-seeds'] ? { selectorSeeds: parseSeeds(args['selector-seeds']) } : {}),
      ...(args['expect-hash'] ? { expectHash: args['expect-hash'], expectManifest } : {}),
    });
    writeReport(args.out, report);
    const shown = args.alphas.split(',').map((s) => Number(s));
    process.stdout.write(`${summaryTable(protocol.summary, { alphas: shown })}\n\n`);
    process.stdout.write(`pipeline hash ${manifest.pipelineHash}\nreport: ${join(args.out, 'index.html')}\n`);
  },
};
