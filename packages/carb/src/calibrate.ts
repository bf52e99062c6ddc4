import {
  DEFAULT_BUDGETS,
  METHOD_ORDER,
  parseBudgets,
  type DeployRow,
  type Guarantee,
  type MethodName,
  type SplitDataset,
} from '@carb/calibrate';
import type { CorpusFormat } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline, type Pipeline } from '@carb/pipeline';
import { summaryJson } from '@carb/report';
import { labelsFor, runCalibrationJob, suitePerturbationFor } from '@carb/jobs';

/** What calibrate runs (the flags of `carb calibrate` of the same names; its defaults). */
export interface CalibrateOptions {
  /** Pipeline config file, or a loaded pipeline (default configs/pipelines/default.json). */
  pipeline?: string | Pipeline;
  /** Methods to calibrate (default all). */
  methods?: readonly MethodName[];
  /** Risk budgets α as decimals or fractions, e.g. [".05", "1/10"] (default carb's). */
  alphas?: readonly string[];
  /** Add the dense frontier of budgets (default true, as the CLI). */
  frontier?: boolean;
  /** Seeded calibration/test splits (default 200). */
  splits?: number;
  /** Seed of split 0 (default 0). */
  baseSeed?: number;
  /** Split shuffler (default "python": CPython's random.Random(seed).shuffle). */
  splitRng?: 'python' | 'seedrandom';
  /** Fold rule of Table 2 (default: detected from the corpus). */
  dataset?: SplitDataset;
  /** Guarantees to calibrate (default ["expectation"]); "high-probability" needs `delta`. */
  guarantees?: readonly Guarantee[];
  /** δ of the high-probability guarantee. */
  delta?: number;
  /** Corpus format (default: detected). */
  format?: CorpusFormat;
  /** Refuse the corpus on any problem. */
  strict?: boolean;
  /** Replay worker threads (default 1: in this thread). */
  workers?: number;
}

/** summary.json's row: exactly its keys, numbers rounded as there. */
export type SummaryJsonRow = Record<string, string | number | boolean | null>;

/** What calibrate returns: the rows `carb calibrate --out` writes to summary.json and deploy.json. */
export interface Calibration {
  /** summary.json's rows. */
  summary: SummaryJsonRow[];
  /** deploy.json's rows: every method's λ̂ per α (and stratum, guarantee). */
  deploy: DeployRow[];
  /** The pipeline hash (manifest.json's pipelineHash). */
  pipelineHash: string;
  /** Why the deployment certifies nothing useful, empty for a sound run. */
  warnings: string[];
  /** What `carb calibrate` prints on stderr about its input: each problem line and what was left out (nothing is written to stderr). */
  notices: string[];
}

/**
 * Calibrates thresholds over seeded splits, as `carb calibrate` does with the same options,
 * and returns summary.json's and deploy.json's rows (no report folder is written: a gate
 * deployed with loadGate needs the folder of `carb calibrate --out`, whose files it verifies).
 */
export async function calibrate(corpus: string | readonly string[], options: CalibrateOptions = {}): Promise<Calibration> {
  const paths = typeof corpus === 'string' ? [corpus] : [...corpus];
  const pipeline = typeof options.pipeline === 'object' ? options.pipeline : loadPipeline(options.pipeline ?? defaultPipelinePath());
  const notices: string[] = [];
  const onNotice = (line: string): void => {
    notices.push(line);
  };
  const result = await runCalibrationJob({
    title: '',
    input: { paths, load: { format: options.format ?? 'auto', strict: options.strict ?? false, includeAborted: false, onNotice } },
    // a generated suite's labels and declared perturbations beside the corpus, as the CLI reads them
    labels: labelsFor(paths, onNotice),
    perturbation: suitePerturbationFor(paths),
    pipeline,
    methods: [...(options.methods ?? METHOD_ORDER)],
    // parsed here, at the API's edge, into exact budgets as `carb calibrate --alphas` parses them (a malformed or repeated α throws a BudgetListError naming it)
    alphas: options.alphas ? parseBudgets(options.alphas.join(',')) : [...DEFAULT_BUDGETS],
    frontier: options.frontier ?? true,
    splits: options.splits ?? 200,
    ...(options.dataset !== undefined ? { dataset: options.dataset } : {}),
    splitRng: options.splitRng ?? 'python',
    baseSeed: options.baseSeed ?? 0,
    argv: [],
    quiet: true,
    workers: options.workers ?? 1,
    guarantees: [...(options.guarantees ?? ['expectation'])],
    ...(options.delta !== undefined ? { delta: options.delta } : {}),
  });
  return {
    summary: JSON.parse(summaryJson(result.report.summary)) as SummaryJsonRow[],
    deploy: JSON.parse(JSON.stringify(result.report.deploy ?? result.deploy)) as DeployRow[],
    pipelineHash: result.manifest.pipelineHash,
    warnings: result.warnings,
    notices,
  };
}
