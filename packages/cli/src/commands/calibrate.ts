import type { CalibrateArgs } from '@carb/jobs';
import { DEFAULT_ALPHAS, GUARANTEES, METHOD_ORDER, type BatchSize, type SplitDataset } from '@carb/calibrate';
import { reportTargetProblem } from '@carb/report';
import { parseAlphaBudgets } from '../options/alphas.ts';
import { parseSha256 } from '../options/hash.ts';
import { parseMethods } from '../options/methods.ts';
import { MAX_SEEDS, parseSeedList } from '../options/seeds.ts';
import { CORPUS, LEDGER, PIPELINE, WORKERS, choice, flag, integer, parsed, pathList, required, text } from '../options/specs.ts';
import { checkLedgerArgs } from '../options/ledger.ts';
import { UsageError, badValue } from '../options/usageError.ts';
import { single } from '../options/single.ts';
import { parseDelta } from '../options/delta.ts';
import { SPLIT_ROWS, STRATUM_FIELDS } from '@carb/jobs';
import { defineCommand } from './define.ts';

export type { CalibrateArgs };

/** --batch: a positive integer m, or `fold` (each split's test-fold size). */
function parseBatch(flag: string, raw: unknown): BatchSize {
  const text = single(flag, raw);
  if (text === 'fold') return 'fold';
  const x = typeof text === 'number' ? text : typeof text === 'string' && /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(Number.isSafeInteger(x) && x >= 1)) throw badValue(flag, 'a positive integer batch size, or fold', text);
  return x;
}

const DATASETS = ['agentdojo', 'ces-clean', 'ces-near-miss', 'graph-braid'] as const satisfies readonly SplitDataset[];
const SPLIT_RNGS = ['python', 'seedrandom'] as const;
const EXPECTATION_ONLY = 'expected only with --guarantee high-probability or both, found it with expectation';

/** The guarantee flags: δ with a high-probability guarantee only, --batch not with executed-step CRC (its loss is a step rate). */
function checkGuarantee(a: CalibrateArgs): void {
  if (a.guarantee !== 'expectation' && a.delta === undefined)
    throw new UsageError(`--delta: expected a value in (0, 1) with --guarantee ${a.guarantee}, found nothing`);
  if (a.guarantee === 'expectation' && a.delta !== undefined) throw new UsageError(`--delta: ${EXPECTATION_ONLY}`);
  if (a.batch !== undefined && a.guarantee === 'expectation') throw new UsageError(`--batch: ${EXPECTATION_ONLY}`);
  // the batch bound is hypergeometric on binary losses; executed-step CRC calibrates a fractional step rate
  if (a.batch !== undefined && a.methods.includes('executed-step-crc')) {
    throw new UsageError(
      `--batch: expected --methods without executed-step-crc (the batch guarantee needs the binary union ledger; executed-step CRC calibrates a step rate), found executed-step-crc in --methods${a.methods.length === METHOD_ORDER.length ? ' (--methods all includes it)' : ''}`,
    );
  }
}

function check(a: CalibrateArgs): void {
  if (a.expectManifest !== undefined && a.expectHash === undefined)
    throw new UsageError('--expect-manifest: expected together with --expect-hash, found it alone');
  const outProblem = reportTargetProblem(a.out);
  if (outProblem) throw new UsageError(`--out: ${outProblem}`);
  checkGuarantee(a);
  if (a.by !== undefined && (a.cal !== undefined || a.test !== undefined))
    throw new UsageError(
      `--${a.cal !== undefined ? 'cal' : 'test'}: expected without --by (each stratum takes the fold rule of its dataset), found both`,
    );
  if (!Number.isSafeInteger(a.baseSeed + a.splits - 1))
    throw new UsageError(`--base-seed: expected base-seed + splits − 1 to be a safe integer, found ${a.baseSeed} + ${a.splits} − 1`);
  checkLedgerArgs(a);
}

export const command = defineCommand<CalibrateArgs>({
  command: 'calibrate <corpus..>',
  describe: 'Calibrate thresholds by CRC over seeded splits for every method and budget; write the report',
  options: {
    ...LEDGER,
    corpus: pathList('AgentDojo runs dir, .jsonl(.gz) or .arrow corpus, or the breakpoint shards of carb replay --shard'),
    pipeline: PIPELINE,
    methods: parsed(`all, or a comma list of ${METHOD_ORDER.join(', ')}`, parseMethods, { default: 'all' }),
    alphas: parsed('risk budgets: comma list of decimals or fractions in (0, 1)', parseAlphaBudgets, { default: DEFAULT_ALPHAS.join(',') }),
    frontier: flag('add the dense frontier (α from 1/(n+1) by .005); --no-frontier to leave it out', true),
    'split-rows': choice(
      'per-split rows in splits.csv / splits.arrow: of the requested --alphas only, or of every frontier budget too',
      SPLIT_ROWS,
      'requested',
    ),
    splits: integer('number of seeded calibration/test assignments (integer ≥ 1)', 1, 200),
    dataset: choice('fold rule of Table 2 (default: detected from the corpus)', DATASETS),
    cal: integer('calibration fold size, integer ≥ 1 (overrides the dataset rule)', 1),
    test: integer('test fold size, integer ≥ 1 (overrides the dataset rule)', 1),
    'split-rng': choice('CPython random.Random(seed).shuffle, or seedrandom', SPLIT_RNGS, 'python'),
    'base-seed': integer('seed of split 0 (split k uses base-seed + k); non-negative integer', 0, 0),
    out: required('report directory'),
    'expect-hash': parsed('refuse to run unless the pipeline hash equals this SHA-256', parseSha256),
    'expect-manifest': text('recorded manifest.json, to name the components that differ from --expect-hash'),
    ...CORPUS,
    workers: WORKERS,
    by: choice(
      'also calibrate each stratum of this source field on its own, beside the pooled run (the paper calibrates per backbone: model)',
      STRATUM_FIELDS,
    ),
    guarantee: choice(
      'CRC in expectation (Eq. 1), Learn-then-Test P(risk > α) ≤ δ, or both side by side',
      [...GUARANTEES, 'both'],
      'expectation',
    ),
    delta: parsed('δ of the high-probability guarantee, in (0, 1) (required with --guarantee high-probability or both)', parseDelta),
    batch: parsed(
      "make the high-probability guarantee about the mean loss of the next m episodes (a batch) instead of the risk; fold = each split's test-fold size",
      parseBatch,
    ),
    'selector-seeds': parsed(`equal-size random seed check at α = .05, e.g. 0-19 or 0,3,7 (at most ${MAX_SEEDS} seeds)`, parseSeedList),
  },
  check,
  handler: async (args) => (await import('./calibrate.run.ts')).run(args),
});
