import type { CommandModule } from 'yargs';
import type { CalibrateArgs } from '@carb/jobs';
import { DEFAULT_ALPHAS, GUARANTEES, METHOD_ORDER, type BatchSize, type SplitDataset } from '@carb/calibrate';
import { reportTargetProblem } from '@carb/report';
import { alphasOption } from '../options/alphas.ts';
import { sha256Option } from '../options/hash.ts';
import { methodsOption } from '../options/methods.ts';
import { MAX_SEEDS, seedListOption } from '../options/seeds.ts';
import { choiceSpec, flagSpec, formatSpec, includeAbortedSpec, integerSpec, pipelineSpec, strictSpec, textSpec } from '../options/specs.ts';
import { textListOption } from '../options/text.ts';
import { workersSpec } from '../options/workers.ts';
import { checkLedgerArgs, ledgerOptions } from '../options/ledger.ts';
import { UsageError, badValue } from '../options/usageError.ts';
import { single } from '../options/single.ts';
import { deltaOption } from '../options/delta.ts';
import { SPLIT_ROWS, STRATUM_FIELDS } from '@carb/jobs';

export type { CalibrateArgs };

const GUARANTEE_CHOICES = [...GUARANTEES, 'both'] as const;

/** --batch: a positive integer m, or `fold` (each split's test-fold size). */
const batchOption =
  (flag: string) =>
  (raw: unknown): BatchSize => {
    const text = single(flag, raw);
    if (text === 'fold') return 'fold';
    const x = typeof text === 'number' ? text : typeof text === 'string' && /^\d+$/.test(text.trim()) ? Number(text) : NaN;
    if (!(Number.isSafeInteger(x) && x >= 1)) throw badValue(flag, 'a positive integer batch size, or fold', text);
    return x;
  };

const DATASETS = ['agentdojo', 'ces-clean', 'ces-near-miss', 'graph-braid'] as const satisfies readonly SplitDataset[];
const SPLIT_RNGS = ['python', 'seedrandom'] as const;

export const command: CommandModule<object, CalibrateArgs> = {
  command: 'calibrate <corpus..>',
  describe: 'Calibrate thresholds by CRC over seeded splits for every method and budget; write the report',
  builder: (y) =>
    ledgerOptions(y)
      .positional('corpus', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'AgentDojo runs dir, .jsonl(.gz) or .arrow corpus, or the breakpoint shards of carb replay --shard',
        coerce: textListOption('<corpus>'),
      })
      .option('pipeline', pipelineSpec())
      .option('methods', {
        type: 'string',
        requiresArg: true,
        default: 'all',
        describe: `all, or a comma list of ${METHOD_ORDER.join(', ')}`,
        coerce: methodsOption('--methods'),
      })
      .option('alphas', {
        type: 'string',
        requiresArg: true,
        default: DEFAULT_ALPHAS.join(','),
        describe: 'risk budgets: comma list of decimals or fractions in (0, 1)',
        coerce: alphasOption('--alphas'),
      })
      .option('frontier', flagSpec('add the dense frontier (α from 1/(n+1) by .005); --no-frontier to leave it out', true))
      .option(
        'split-rows',
        choiceSpec(
          'split-rows',
          'per-split rows in splits.csv / splits.arrow: of the requested --alphas only, or of every frontier budget too',
          SPLIT_ROWS,
          'requested',
        ),
      )
      .option('splits', integerSpec('splits', 'number of seeded calibration/test assignments (integer ≥ 1)', 1, 200))
      .option('dataset', choiceSpec('dataset', 'fold rule of Table 2 (default: detected from the corpus)', DATASETS))
      .option('cal', integerSpec('cal', 'calibration fold size, integer ≥ 1 (overrides the dataset rule)', 1))
      .option('test', integerSpec('test', 'test fold size, integer ≥ 1 (overrides the dataset rule)', 1))
      .option('split-rng', choiceSpec('split-rng', 'CPython random.Random(seed).shuffle, or seedrandom', SPLIT_RNGS, 'python'))
      .option('base-seed', integerSpec('base-seed', 'seed of split 0 (split k uses base-seed + k); non-negative integer', 0, 0))
      .option('out', textSpec('out', 'report directory', { required: true }))
      .option('expect-hash', {
        type: 'string',
        requiresArg: true,
        describe: 'refuse to run unless the pipeline hash equals this SHA-256',
        coerce: sha256Option('--expect-hash'),
      })
      .option(
        'expect-manifest',
        textSpec('expect-manifest', 'recorded manifest.json, to name the components that differ from --expect-hash'),
      )
      .option('format', formatSpec())
      .option('strict', strictSpec())
      .option('include-aborted', includeAbortedSpec())
      .option('workers', workersSpec())
      .option(
        'by',
        choiceSpec(
          'by',
          'also calibrate each stratum of this source field on its own, beside the pooled run (the paper calibrates per backbone: model)',
          STRATUM_FIELDS,
        ),
      )
      .option(
        'guarantee',
        choiceSpec(
          'guarantee',
          'CRC in expectation (Eq. 1), Learn-then-Test P(risk > α) ≤ δ, or both side by side',
          GUARANTEE_CHOICES,
          'expectation',
        ),
      )
      .option('delta', {
        type: 'string',
        requiresArg: true,
        describe: 'δ of the high-probability guarantee, in (0, 1) (required with --guarantee high-probability or both)',
        coerce: deltaOption('--delta'),
      })
      .option('batch', {
        type: 'string',
        requiresArg: true,
        describe:
          "make the high-probability guarantee about the mean loss of the next m episodes (a batch) instead of the risk; fold = each split's test-fold size",
        coerce: batchOption('--batch'),
      })
      .option('selector-seeds', {
        type: 'string',
        requiresArg: true,
        describe: `equal-size random seed check at α = .05, e.g. 0-19 or 0,3,7 (at most ${MAX_SEEDS} seeds)`,
        coerce: seedListOption('--selector-seeds'),
      })
      .check((argv) => {
        const a = argv as unknown as CalibrateArgs;
        if (a['expect-manifest'] !== undefined && a['expect-hash'] === undefined)
          throw new UsageError('--expect-manifest: expected together with --expect-hash, found it alone');
        const outProblem = reportTargetProblem(a.out);
        if (outProblem) throw new UsageError(`--out: ${outProblem}`);
        if (a.guarantee !== 'expectation' && a.delta === undefined)
          throw new UsageError(`--delta: expected a value in (0, 1) with --guarantee ${a.guarantee}, found nothing`);
        if (a.guarantee === 'expectation' && a.delta !== undefined)
          throw new UsageError('--delta: expected only with --guarantee high-probability or both, found it with expectation');
        if (a.batch !== undefined && a.guarantee === 'expectation')
          throw new UsageError('--batch: expected only with --guarantee high-probability or both, found it with expectation');
        // the batch bound is hypergeometric on binary losses; executed-step CRC calibrates a fractional step rate
        if (a.batch !== undefined && a.methods.includes('executed-step-crc')) {
          throw new UsageError(
            `--batch: expected --methods without executed-step-crc (the batch guarantee needs the binary union ledger; executed-step CRC calibrates a step rate), found executed-step-crc in --methods${a.methods.length === METHOD_ORDER.length ? ' (--methods all includes it)' : ''}`,
          );
        }
        if (a.by !== undefined && (a.cal !== undefined || a.test !== undefined))
          throw new UsageError(
            `--${a.cal !== undefined ? 'cal' : 'test'}: expected without --by (each stratum takes the fold rule of its dataset), found both`,
          );
        const seedBudget = a['base-seed'] + a.splits - 1;
        if (!Number.isSafeInteger(seedBudget))
          throw new UsageError(
            `--base-seed: expected base-seed + splits − 1 to be a safe integer, found ${a['base-seed']} + ${a.splits} − 1`,
          );
        checkLedgerArgs(a);
        return true;
      }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./calibrate.run.ts')).run(args),
};
