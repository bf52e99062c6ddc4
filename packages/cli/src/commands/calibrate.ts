import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CommandModule } from 'yargs';
import { DEFAULT_ALPHAS, METHOD_ORDER, foldSizes, parseAlpha, rationalValue, type MethodName, type SplitDataset } from '@carb/calibrate';
import type { CorpusFormat } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { defaultWorkers } from '@carb/replay';
import { reportTargetProblem, summaryTable, writeReport } from '@carb/report';
import { detectDataset, labelsFor, runCalibrationJob, scoreNoiseFor } from '../calibrationJob.ts';
import { loadEpisodes } from '../loadEpisodes.ts';
import { invocation } from '../argv.ts';
import { alphasOption } from '../options/alphas.ts';
import { sha256Option } from '../options/hash.ts';
import { methodsOption } from '../options/methods.ts';
import { MAX_SEEDS, seedListOption } from '../options/seeds.ts';
import { choiceSpec, flagSpec, formatSpec, includeAbortedSpec, integerSpec, pipelineSpec, strictSpec, textSpec } from '../options/specs.ts';
import { textListOption } from '../options/text.ts';
import { workersSpec } from '../options/workers.ts';
import { UsageError } from '../options/usageError.ts';

interface CalibrateArgs {
  corpus: string[];
  pipeline?: string;
  methods: MethodName[];
  alphas: string[];
  frontier: boolean;
  splits: number;
  dataset?: SplitDataset;
  cal?: number;
  test?: number;
  'split-rng': 'python' | 'seedrandom';
  'base-seed': number;
  workers?: number;
  out: string;
  'expect-hash'?: string;
  'expect-manifest'?: string;
  format: CorpusFormat;
  strict: boolean;
  'include-aborted': boolean;
  'selector-seeds'?: number[];
}

const DATASETS = ['agentdojo', 'ces-clean', 'ces-near-miss', 'graph-braid'] as const satisfies readonly SplitDataset[];
const SPLIT_RNGS = ['python', 'seedrandom'] as const;

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

export const command: CommandModule<object, CalibrateArgs> = {
  command: 'calibrate <corpus..>',
  describe: 'Calibrate thresholds by CRC over seeded splits for every method and budget; write the report',
  builder: (y) =>
    y
      .positional('corpus', { type: 'string', array: true, demandOption: true, describe: 'AgentDojo runs dir, .jsonl or .arrow corpus', coerce: textListOption('<corpus>') })
      .option('pipeline', pipelineSpec())
      .option('methods', { type: 'string', requiresArg: true, default: 'all', describe: `all, or a comma list of ${METHOD_ORDER.join(', ')}`, coerce: methodsOption('--methods') })
      .option('alphas', { type: 'string', requiresArg: true, default: DEFAULT_ALPHAS.join(','), describe: 'risk budgets: comma list of decimals or fractions in (0, 1)', coerce: alphasOption('--alphas') })
      .option('frontier', flagSpec('add the dense frontier (α from 1/(n+1) by .005); --no-frontier to leave it out', true))
      .option('splits', integerSpec('splits', 'number of seeded calibration/test assignments (integer ≥ 1)', 1, 200))
      .option('dataset', choiceSpec('dataset', 'fold rule of Table 2 (default: detected from the corpus)', DATASETS))
      .option('cal', integerSpec('cal', 'calibration fold size, integer ≥ 1 (overrides the dataset rule)', 1))
      .option('test', integerSpec('test', 'test fold size, integer ≥ 1 (overrides the dataset rule)', 1))
      .option('split-rng', choiceSpec('split-rng', 'CPython random.Random(seed).shuffle, or seedrandom', SPLIT_RNGS, 'python'))
      .option('base-seed', integerSpec('base-seed', 'seed of split 0 (split k uses base-seed + k); non-negative integer', 0, 0))
      .option('out', textSpec('out', 'report directory', { required: true }))
      .option('expect-hash', { type: 'string', requiresArg: true, describe: 'refuse to run unless the pipeline hash equals this SHA-256', coerce: sha256Option('--expect-hash') })
      .option('expect-manifest', textSpec('expect-manifest', 'recorded manifest.json, to name the components that differ from --expect-hash'))
      .option('format', formatSpec())
      .option('strict', strictSpec())
      .option('include-aborted', includeAbortedSpec())
      .option('workers', workersSpec())
      .option('selector-seeds', { type: 'string', requiresArg: true, describe: `equal-size random seed check at α = .05, e.g. 0-19 or 0,3,7 (at most ${MAX_SEEDS} seeds)`, coerce: seedListOption('--selector-seeds') })
      .check((argv) => {
        const a = argv as unknown as CalibrateArgs;
        if (a['expect-manifest'] !== undefined && a['expect-hash'] === undefined) throw new UsageError('--expect-manifest: expected together with --expect-hash, found it alone');
        const outProblem = reportTargetProblem(a.out);
        if (outProblem) throw new UsageError(`--out: ${outProblem}`);
        const seedBudget = a['base-seed'] + a.splits - 1;
        if (!Number.isSafeInteger(seedBudget)) throw new UsageError(`--base-seed: expected base-seed + splits − 1 to be a safe integer, found ${a['base-seed']} + ${a.splits} − 1`);
        return true;
      }) as never,
  handler: async (args) => {
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
  },
};
