import { existsSync, readFileSync } from 'node:fs';
import type { Episode, EpisodeLabels, LabelRows } from '@carb/episodes';
import { readLabelRowsBeside, shareLabelIds } from '@carb/episodes';
import {
  METHOD_ORDER,
  type BatchSize,
  type Budget,
  METHOD_SELECTOR,
  methodSelectors,
  POOLED_STRATUM,
  distinctBudgets,
  foldSizes,
  frontierAlphas,
  makeSplits,
  parseBudget,
  runProtocol,
  startSplitShuffles,
  type DeployRow,
  type Guarantee,
  type MethodName,
  type PairedDiff,
  type ProtocolResult,
  type Split,
  type SplitDataset,
  type SplitOptions,
  type SplitResult,
  type StartedShuffles,
  type SummaryRow,
} from '@carb/calibrate';
import { diffComponents, pipelineComponents, withSelector, type Pipeline } from '@carb/pipeline';
import {
  defaultTables,
  degenerateDeployment,
  makeManifest,
  type CorpusStats,
  type DeploymentFacts,
  type ManifestInput,
  type ReportInput,
} from '@carb/report';
import { seedCheckTable } from './seedCheck.ts';
import { takeBreakpoints, type BreakpointTable, type FusedSelector, type ReplayNoise } from '@carb/replay';
import { progress } from '@carb/io';
import { sortedCounts, type Fingerprint } from '@carb/deploy';
import { deployRows } from './deployRows.ts';
import type { EpisodeSources } from './ledgerEvents.ts';
import { UsageError, firstIssueLine, schemaIssues, schemaValidator } from '@carb/io';
import { SUITE_META_SCHEMA_PATH, type SuiteParams } from '@carb/suites';
import type { ReadStats } from './loadEpisodes.ts';
import { replayInput, type EpisodeInput, type ReplayInputOptions, type ReplayedInput } from './replayInput.ts';
import type { StratumField } from './strata.ts';
import type { SplitRows } from './splitRows.ts';
import { CARB_VERSION } from './carbVersion.ts';
import { NO_NOTICE, noticeProblems, type Notice } from './notice.ts';

/** Budget of the App. E.4 seed check. */
const SEED_CHECK_ALPHA = parseBudget('.05');

export interface JobSpec {
  title: string;
  /** Episodes in memory (legacy form of `input`). */
  episodes?: readonly Episode[];
  /** Episodes in memory or streamed from files. */
  input?: EpisodeInput;
  /** Breakpoint tables replayed already (merged shards); the corpus is pinned by their provenance. */
  replayed?: ReplayedInput;
  /** Construction labels (constructed suites): objects, or the columns labelsFor reads. */
  labels: EpisodeLabels[] | LabelRows | null;
  pipeline: Pipeline;
  methods: MethodName[];
  alphas: Budget[];
  /** Add the dense frontier (α from 1/(n+1) by .005). */
  frontier: boolean;
  /** Per-split rows (splits.csv / splits.arrow) of the requested budgets only (the default), or of every frontier budget too. */
  splitRows?: SplitRows;
  splits: number;
  /** Fold rule of Table 2; default: detected from the corpus's source format and labels. */
  dataset?: SplitDataset;
  nCal?: number;
  nTest?: number;
  splitRng: 'python' | 'seedrandom';
  baseSeed: number;
  argv: string[];
  /** Expected pipeline hash (refuse on a mismatch), and a recorded manifest to name the differing components. */
  expectHash?: string;
  expectManifest?: { pipelineHash: string; components: Record<string, string> } | null;
  quiet?: boolean;
  /** Equal-size random selector seeds for the App. E.4 seed check (at `seedCheckAlpha`, default .05). */
  selectorSeeds?: number[];
  seedCheckAlpha?: Budget;
  /** Seeded replay perturbations of a generated suite (its .meta.json): score noise on every q_t, edge dropout on every prefix graph. */
  perturbation?: ReplayNoise | null;
  /** Replay worker threads (1, the default: in this thread, no pool). */
  workers?: number;
  /** Calibrate each stratum of this source field separately, beside the pooled run. */
  by?: StratumField;
  /** Guarantees to calibrate for (default expectation only). */
  guarantees?: Guarantee[];
  /** δ of the high-probability guarantee. */
  delta?: number;
  /** Batch size of the batch high-probability promise ('fold': each split's test fold; deploy rows use the stratum's test-fold size). */
  batch?: BatchSize;
  /** What reading the corpus found (filled while streaming; shown in the report). */
  stats?: ReadStats;
  /** External scores and ledger events beside the corpus (the pipeline must carry their pins: ledgerSources, scoreSources). */
  sources?: EpisodeSources | null;
  /**
   * Called once, when every stratum's protocol has run and before the thresholds to deploy are fit
   * and the report assembled: the summaries and paired differences the report will show are final
   * (the caller starts the frontier's render here, so that it overlaps the rest of the job).
   */
  onSummaries?: (done: { summary: SummaryRow[]; paired: PairedDiff[]; corpus: JobResult['corpus'] }) => void;
}

/**
 * The replay perturbations declared in `<corpus>.meta.json` beside a single .jsonl corpus
 * (score noise, edge dropout; App. G.2), or null when the file is absent or both are zero.
 * The file is the metadata carb suite writes (configs/schema/suite-meta.schema.json, the schema
 * that also marks a suite's files as carb's); anything else is refused with one line naming the
 * file, the key and what was expected, never read as "no perturbation".
 */
export function suitePerturbationFor(paths: readonly string[]): ReplayNoise | null {
  if (paths.length !== 1 || !paths[0]!.endsWith('.jsonl')) return null;
  const metaFile = paths[0]!.replace(/\.jsonl$/, '.meta.json');
  if (!existsSync(metaFile)) return null;
  let meta: unknown;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  } catch (err) {
    throw new Error(`${metaFile}: expected the suite's JSON metadata, found unreadable JSON (${(err as Error).message})`);
  }
  const issues = schemaIssues(schemaValidator(SUITE_META_SCHEMA_PATH), meta);
  if (issues.length > 0) throw new Error(`${metaFile}: ${firstIssueLine(issues)}`);
  // the schema holds: noiseSeed an integer, params an object whose scoreNoise (σ ≥ 0) and edgeDropout ([0, 1]) are numbers when present
  const { noiseSeed, params } = meta as { noiseSeed: number; params: Partial<SuiteParams> };
  if (!params.scoreNoise && !params.edgeDropout) return null;
  // one of the two is declared; the other, when absent, is zero (score noise would multiply an absent σ into NaN)
  return { noiseSeed, params: { ...params, scoreNoise: params.scoreNoise ?? 0, edgeDropout: params.edgeDropout ?? 0 } };
}

export interface JobResult {
  /** The pooled run under the expectation guarantee (what the command prints). */
  protocol: ProtocolResult;
  manifest: ManifestInput;
  report: ReportInput;
  deploy: DeployRow[];
  /** What the corpus said about itself: the first episode's source format and the models. */
  corpus: { format: string | null; models: string[] };
  /** The label-free fingerprint of the calibration episodes (fingerprint.json; no tool vocabulary from breakpoint inputs, which carry no tool names). */
  fingerprint: Fingerprint;
  /** Why the deployment certifies nothing useful (degenerateDeployment), empty for a sound run; the report shows them too. */
  warnings: string[];
}

/** Which fold rule a corpus follows (Table 2), from its (first episode's) source format and labels. */
export function detectDataset(format: string | null, labels: readonly EpisodeLabels[] | LabelRows | null): SplitDataset {
  if (format === 'graph-braid') return 'graph-braid';
  if (format === 'ces') {
    const kinds = labels === null ? [] : 'stepLists' in labels ? labels.kinds : labels.map((l) => l.kind);
    const clean = kinds.every((kind) => kind === 'leak' || kind === 'public-send');
    return clean ? 'ces-clean' : 'ces-near-miss';
  }
  return 'agentdojo';
}

/** Labels stored beside a corpus (constructed suites), as columns (10⁶ labels, no object each), or null; their problem lines go to `onNotice`. */
export function labelsFor(paths: string[], onNotice: Notice = NO_NOTICE): LabelRows | null {
  const found = readLabelRowsBeside(paths);
  if (!found) return null;
  noticeProblems(found.problems, onNotice);
  return found.rows;
}

/** Breakpoint tables by method (of a stratum's rows) from tables by selector kind; methods sharing a selector share one table. */
function tablesByMethod(
  methods: readonly MethodName[],
  byKind: ReadonlyMap<string, BreakpointTable>,
  rows: Int32Array | null,
): Partial<Record<MethodName, BreakpointTable>> {
  const taken = new Map<string, BreakpointTable>();
  const tables: Partial<Record<MethodName, BreakpointTable>> = {};
  for (const m of methods) {
    const kind = METHOD_SELECTOR[m];
    const table = byKind.get(kind);
    if (!table)
      throw new Error(
        `${m} needs breakpoint tables of selector ${kind}; the replayed input has ${[...byKind.keys()].join(', ')} (replay with --selector all)`,
      );
    let t = taken.get(kind);
    if (!t) taken.set(kind, (t = rows ? takeBreakpoints(table, rows) : table));
    tables[m] = t;
  }
  return tables;
}

/** A stratum of the run: the pooled corpus (rows null) or the episodes of one `--by` value. */
interface Stratum {
  name: string;
  rows: Int32Array | null;
  digest: string;
}

function strataOf(replayed: ReplayedInput): Stratum[] {
  const pooled: Stratum = { name: POOLED_STRATUM, rows: null, digest: replayed.digest };
  if (!replayed.strata || !replayed.strataDigests) return [pooled];
  const rows = new Map<string, number[]>();
  replayed.strata.forEach((v, e) => {
    const r = rows.get(v);
    if (r) r.push(e);
    else rows.set(v, [e]);
  });
  const names = [...rows.keys()].sort();
  return [pooled, ...names.map((name) => ({ name, rows: Int32Array.from(rows.get(name)!), digest: replayed.strataDigests!.get(name)! }))];
}

/** Replays the input (or takes the merged shards): tables by selector name, and the noiseless seed-check tables. */
async function replayForJob(
  spec: JobSpec,
  methods: readonly MethodName[],
  onReplayed: ReplayInputOptions['onReplayed'],
): Promise<{ replayed: ReplayedInput; checkTables: Map<string, BreakpointTable> }> {
  if (spec.replayed) return { replayed: spec.replayed, checkTables: spec.replayed.tables };
  const input: EpisodeInput = spec.input ?? { episodes: spec.episodes ?? [] };
  const noise = spec.perturbation ?? null;
  const seeds = spec.selectorSeeds ?? [];
  const main = methodSelectors(spec.pipeline, methods);
  // the seed check needs G-CARB's table and one random table per seed; it has always been
  // replayed without suite perturbations, so under noise or edge dropout it is a second, unperturbed pass
  const check: FusedSelector[] = seeds.map((seed) => ({
    method: `random-${seed}`,
    selector: withSelector(spec.pipeline, { kind: 'random', seed }).selector,
  }));
  const checkGraph = seeds.length > 0 && (noise ? !methods.includes('g-carb') : !main.some((s) => s.method === 'graph'));
  if (checkGraph) check.unshift(methodSelectors(spec.pipeline, ['g-carb'])[0]!);
  const common = { input, pipeline: spec.pipeline, workers: spec.workers ?? 1, ...(spec.quiet ? { quiet: true } : {}) };
  // the sources count what they read, so they go with one pass only
  if (spec.sources && noise && check.length)
    throw new Error(
      '--selector-seeds: expected no --ledger-events, --scores or latent-policy ledger on a suite with score noise or edge dropout (its seed check is a second replay pass)',
    );
  const replayed = await replayInput({
    ...common,
    selectors: noise ? main : [...main, ...check],
    noise,
    ...(spec.by ? { by: spec.by } : {}),
    ...(spec.stats ? { stats: spec.stats } : {}),
    ...(spec.sources ? { sources: spec.sources } : {}),
    onReplayed,
  });
  const checkTables = noise && check.length ? (await replayInput({ ...common, selectors: check, noise: null })).tables : replayed.tables;
  return { replayed, checkTables };
}

/** What the strata of a run have in common: the replayed input, the methods, fold rule and guarantees. */
interface RunContext {
  replayed: ReplayedInput;
  methods: readonly MethodName[];
  dataset: SplitDataset;
  guarantees: readonly Guarantee[];
  /** Any selector's table: the ungated ledger and task outcomes are the same in all of them. */
  anyTable: BreakpointTable;
  /** The pooled stratum's shuffles, started as the replay ended (startSplitShuffles), or null. */
  started: StartedShuffles | null;
}

/** The rows and facts of a run, filled stratum by stratum (the pooled corpus first). */
interface Calibrated {
  summary: SummaryRow[];
  splitResults: SplitResult[];
  paired: PairedDiff[];
  deploy: DeployRow[];
  strataManifests: Record<string, { pipelineHash: string; episodes: number; digest: string }>;
  pooled: { protocol: ProtocolResult; manifest: ManifestInput; nCal: number; nTest: number; unit: 'episode' | 'group' } | null;
  strataStats: NonNullable<CorpusStats['strata']>;
  strataFacts: Array<DeploymentFacts['strata'][number]>;
}

/** Refuses a pipeline hash other than the expected one (--expect-hash), naming the differing components when it can. */
function checkExpectedHash(spec: JobSpec, pipelineHash: string, extras: Parameters<typeof pipelineComponents>[1]): void {
  if (!spec.expectHash || spec.expectHash === pipelineHash) return;
  const differing =
    spec.expectManifest && spec.expectManifest.pipelineHash === spec.expectHash
      ? diffComponents(spec.expectManifest, pipelineComponents(spec.pipeline, extras))
      : null;
  throw new Error(
    `pipeline hash ${pipelineHash} differs from the expected ${spec.expectHash}` +
      (differing
        ? `; differing components: ${differing.join(', ')}`
        : '; pass the recorded manifest (--expect-manifest) to name the differing components'),
  );
}

/** A stratum's episodes and its calibration and test folds (Table 2; --cal/--test on the pooled corpus). */
interface StratumFolds {
  n: number;
  nCal: number;
  nTest: number;
  unit: 'episode' | 'group';
}

/** The folds of a stratum, refused when its episodes cannot fill them. */
function stratumFolds(spec: JobSpec, run: RunContext, stratum: Stratum): StratumFolds {
  const n = stratum.rows ? stratum.rows.length : run.replayed.episodes;
  const isPooled = stratum.rows === null;
  const folds = isPooled ? pooledFolds(spec, run.dataset, n) : { n, ...foldSizes(run.dataset, n) };
  const { nCal, nTest } = folds;
  if (isPooled && (spec.nCal !== undefined || spec.nTest !== undefined) && nCal + nTest > n) {
    // a usage error, though only the stream could tell: nothing has been written yet
    throw new UsageError(`--cal/--test: expected calibration + test ≤ the ${n} usable episodes, found ${nCal} + ${nTest}`);
  }
  if (nCal < 1 || nTest < 1 || nCal + nTest > n) {
    // halves (AgentDojo) need 2 episodes; the constructed suites' folds are fixed (Table 2), whatever n
    const fixed = run.dataset !== 'agentdojo';
    const need = fixed
      ? `at least ${nCal + nTest} episodes for the ${run.dataset} folds of ${nCal} and ${nTest} (--dataset agentdojo halves any corpus${isPooled ? '; --cal/--test set folds' : ''})`
      : 'at least 2 episodes per stratum';
    throw new Error(
      `stratum ${stratum.name}: ${n} episode(s) cannot fill a calibration fold of ${nCal} and a test fold of ${nTest}; expected ${need}`,
    );
  }
  return folds;
}

/** The pooled stratum's folds (the spec's --cal / --test, else Table 2's), unchecked. */
function pooledFolds(spec: JobSpec, dataset: SplitDataset, n: number): StratumFolds {
  const folds = foldSizes(dataset, n);
  return { n, nCal: spec.nCal ?? folds.nCal, nTest: spec.nTest ?? folds.nTest, unit: folds.unit };
}

/** The stratum's pinned manifest (split protocol, corpus digest with its perturbations) and that digest. */
function pinStratum(spec: JobSpec, run: RunContext, stratum: Stratum, folds: StratumFolds): { manifest: ManifestInput; digest: string } {
  const isPooled = stratum.rows === null;
  const splitProtocol = {
    rng: spec.splitRng,
    baseSeed: spec.baseSeed,
    count: spec.splits,
    nCal: folds.nCal,
    nTest: folds.nTest,
    unit: folds.unit,
    dataset: run.dataset,
  };
  // score noise and edge dropout change the q_t, so they are pinned with the corpus they perturb
  const digest = run.replayed.noise ? `${stratum.digest}+noise:${run.replayed.noise}` : stratum.digest;
  const extras = {
    splitProtocol,
    corpusDigest: digest,
    carbVersion: CARB_VERSION,
    ...(spec.selectorSeeds?.length ? { selectorSeeds: spec.selectorSeeds } : {}),
  };
  const manifest = makeManifest(
    spec.pipeline,
    extras,
    { episodes: folds.n, dataset: run.dataset, ...(isPooled ? {} : { stratum: stratum.name }) },
    spec.argv,
  );
  if (isPooled) checkExpectedHash(spec, manifest.pipelineHash, extras);
  return { manifest, digest };
}

/** The split protocol of one stratum under one guarantee, over its budgets (with the dense frontier under expectation). */
function splitProtocolUnder(
  spec: JobSpec,
  run: RunContext,
  stratum: Stratum,
  tables: Partial<Record<MethodName, BreakpointTable>>,
  folds: StratumFolds,
  guarantee: Guarantee,
  splits: readonly Split[],
): ProtocolResult {
  const hp = guarantee === 'high-probability';
  // the dense frontier is an expectation-guarantee view; high-probability runs the declared budgets
  const alphas = spec.frontier && !hp ? distinctBudgets([...spec.alphas, ...frontierAlphas(folds.nCal)]) : spec.alphas;
  // the frontier's 10⁵ split rows are a plot's worth of detail: on disk only on request (--split-rows all)
  const keptTexts = spec.frontier && spec.splitRows !== 'all' ? new Set(spec.alphas.map((a) => a.text)) : null;
  const bar = spec.quiet ? { tick() {}, stop() {} } : progress(`calibrate ${stratum.name}${hp ? ' (high-probability)' : ''}`, spec.splits);
  const protocol = runProtocol({
    tables,
    alphas,
    splits,
    ...(spec.labels
      ? { labels: spec.labels, benignStop: run.dataset === 'graph-braid' ? ('graph-braid' as const) : ('ces' as const) }
      : {}),
    ...(hp
      ? {
          guarantee: {
            kind: 'high-probability' as const,
            delta: spec.delta!,
            ...(spec.batch !== undefined ? { batch: spec.batch } : {}),
          },
        }
      : {}),
    ...(keptTexts ? { splitRowAlphas: keptTexts } : {}),
    onProgress: () => bar.tick(),
  });
  bar.stop();
  return protocol;
}

/**
 * Shuffled positions (episodes × splits) past which the shuffles are drawn on the replay's threads:
 * 10⁷ take ~130 ms on one thread, a worker thread starts in ~40 ms.
 */
const THREADED_SHUFFLES = 1e7;

/**
 * The stratum's splits, drawn once for every guarantee from the first method's table, as runProtocol
 * would draw them: 200 shuffles of 10⁶ episodes take ~2.7 s on one thread, so they are drawn on as
 * many threads as the replay had. None without a table (runProtocol refuses the run before it reads them).
 */
function stratumSplits(
  spec: JobSpec,
  tables: Partial<Record<MethodName, BreakpointTable>>,
  folds: StratumFolds,
  started: StartedShuffles | null,
): Split[] {
  const first = METHOD_ORDER.find((m) => tables[m]);
  // shuffles started and not taken are stopped where they were started (runCalibrationJob)
  if (first === undefined) return [];
  const t0 = tables[first]!;
  return makeSplits(t0.ids, t0.groups, { ...splitOptions(spec, folds), started });
}

/** makeSplits's options for a stratum's folds, without its shuffles started ahead. */
function splitOptions(spec: JobSpec, folds: StratumFolds): SplitOptions {
  const threads = folds.n * spec.splits >= THREADED_SHUFFLES ? (spec.workers ?? 1) : 1;
  const { nCal, nTest, unit } = folds;
  return { count: spec.splits, baseSeed: spec.baseSeed, rng: spec.splitRng, unit, nCal, nTest, threads };
}

/** The thresholds to deploy, fit on all of the stratum's episodes for every budget and guarantee. */
function stratumDeployRows(
  spec: JobSpec,
  run: RunContext,
  stratum: Stratum,
  tables: Partial<Record<MethodName, BreakpointTable>>,
  nTest: number,
  pipelineHash: string,
): DeployRow[] {
  // the batch a deploy row promises: the given size, or the test-fold size the splits evaluated
  const batch = spec.batch === undefined ? undefined : spec.batch === 'fold' ? nTest : spec.batch;
  const fits = run.guarantees.map((guarantee) =>
    guarantee === 'high-probability'
      ? { guarantee, delta: spec.delta!, ...(batch !== undefined ? { batch } : {}) }
      : { guarantee, delta: null },
  );
  return deployRows({ stratum: stratum.name, tables, alphas: spec.alphas, guarantees: fits, pipelineHash });
}

/**
 * One stratum: its folds, pinned manifest and the split protocol per guarantee (summaries and paired
 * differences into `acc`); returns what completes it after every stratum's protocol: its split rows
 * and deploy rows, into `acc` in stratum order.
 */
function calibrateStratum(spec: JobSpec, run: RunContext, stratum: Stratum, acc: Calibrated): () => void {
  const folds = stratumFolds(spec, run, stratum);
  const { n, nCal, nTest } = folds;
  const isPooled = stratum.rows === null;
  const { manifest, digest } = pinStratum(spec, run, stratum, folds);
  if (!isPooled) {
    acc.strataManifests[stratum.name] = { pipelineHash: manifest.pipelineHash, episodes: n, digest };
    acc.strataStats.push({ stratum: stratum.name, used: n, nCal, nTest });
  }
  const tables = tablesByMethod(run.methods, run.replayed.tables, stratum.rows);
  acc.strataFacts.push({
    stratum: stratum.name,
    episodes: n,
    nCal,
    ledgerFired: countRows(run.anyTable, stratum.rows, (t, e) => t.unionFirstStep[e]! >= 0),
    tasksCompleted: countRows(run.anyTable, stratum.rows, (t, e) => t.taskCompleted[e] === 1),
  });
  const splits = stratumSplits(spec, tables, folds, isPooled ? run.started : null);
  const protocols = run.guarantees.map((guarantee) => {
    const hp = guarantee === 'high-probability';
    const protocol = splitProtocolUnder(spec, run, stratum, tables, folds, guarantee, splits);
    // loops, not push(...rows): a frontier run has 10⁵ split rows, past the argument limit
    for (const r of protocol.summary) acc.summary.push({ stratum: stratum.name, guarantee, ...(hp ? { delta: spec.delta! } : {}), ...r });
    for (const r of protocol.paired) acc.paired.push({ stratum: stratum.name, guarantee, ...r });
    if (isPooled && !hp) acc.pooled = { protocol, manifest, nCal, nTest, unit: folds.unit };
    return { guarantee, protocol };
  });
  if (isPooled && !acc.pooled)
    acc.pooled = { protocol: { summary: [], splitResults: [], paired: [] }, manifest, nCal, nTest, unit: folds.unit };
  return () => {
    for (const { guarantee, protocol } of protocols)
      for (const r of protocol.splitResults) acc.splitResults.push({ stratum: stratum.name, guarantee, ...r });
    for (const r of stratumDeployRows(spec, run, stratum, tables, nTest, manifest.pipelineHash)) acc.deploy.push(r);
  };
}

/** What reading the corpus found (read, excluded by reason, used) and the pooled and per-stratum folds: the report's corpus statistics. */
function corpusStatsOf(spec: JobSpec, replayed: ReplayedInput, pooled: NonNullable<Calibrated['pooled']>, acc: Calibrated): CorpusStats {
  const stats = spec.stats;
  return {
    read: stats ? stats.read + stats.invalid : replayed.episodes,
    excluded: [
      ...(stats
        ? [
            { reason: 'aborted', count: stats.aborted },
            { reason: 'invalid record', count: stats.invalid },
          ].filter((x) => x.count > 0)
        : []),
      ...(replayed.excluded ?? []),
    ],
    used: replayed.episodes,
    nCal: pooled.nCal,
    nTest: pooled.nTest,
    ...(acc.strataStats.length ? { strata: acc.strataStats } : {}),
  };
}

/** The report's tables with the App. E.4 seed check (G-CARB beside equal-size random selectors) added. */
function withSeedCheck(
  spec: JobSpec,
  seeds: number[],
  tables: { main: ReadonlyMap<string, BreakpointTable>; check: ReadonlyMap<string, BreakpointTable> },
  pooled: NonNullable<Calibrated['pooled']>,
): NonNullable<ReportInput['tables']> {
  const alpha = spec.seedCheckAlpha ?? SEED_CHECK_ALPHA;
  const check = seedCheckTable({
    graphTable: tables.main.get('graph') ?? tables.check.get('graph')!,
    random: seeds.map((seed) => ({ seed, table: tables.check.get(`random-${seed}`)! })),
    alpha,
    splits: spec.splits,
    nCal: pooled.nCal,
    nTest: pooled.nTest,
    unit: pooled.unit,
    splitRng: spec.splitRng,
    baseSeed: spec.baseSeed,
  });
  return {
    ...defaultTables([{ label: spec.title, rows: pooled.protocol.summary }], [{ label: spec.title, rows: pooled.protocol.paired }]),
    [`Equal-size random selector seeds at α = ${alpha.text}`]: check,
  };
}

/**
 * One calibration run: replay (one fused pass, streamed), then per stratum (the pooled corpus
 * first) pin the pipeline, run the split protocol for every method, budget and guarantee, and
 * fit the thresholds to deploy on all of the stratum's episodes; assemble the report.
 */
export async function runCalibrationJob(spec: JobSpec): Promise<JobResult> {
  const methods = METHOD_ORDER.filter((m) => spec.methods.includes(m));
  // the pooled splits' shuffles need only the episode count: drawn on the threads the replay leaves idle while
  // this one joins its tables and digests the corpus (10⁶ graph-braid episodes: ~2 s, ~1.5 s of shuffles)
  // an object, not a variable: the shuffles start in a callback, after the compiler last looked
  const early: { started: StartedShuffles | null } = { started: null };
  const startShuffles = (read: { episodes: number; format: string | null }): void => {
    const folds = pooledFolds(spec, spec.dataset ?? detectDataset(read.format, spec.labels), read.episodes);
    early.started = startSplitShuffles(read.episodes, splitOptions(spec, folds));
  };
  try {
    return calibrationOfReplay(spec, methods, await replayForJob(spec, methods, startShuffles), early.started);
  } finally {
    // taken by then when the run succeeded (stopping them again is harmless); unused when it failed
    early.started?.rows.stop();
  }
}

/** runCalibrationJob once replayed: every stratum's protocol and deploy rows, and the report. */
function calibrationOfReplay(
  spec: JobSpec,
  methods: readonly MethodName[],
  { replayed, checkTables }: { replayed: ReplayedInput; checkTables: Map<string, BreakpointTable> },
  started: StartedShuffles | null,
): JobResult {
  if (replayed.episodes === 0) throw new Error('no usable episodes to calibrate');
  const dataset = spec.dataset ?? detectDataset(replayed.format, spec.labels);
  const guarantees = spec.guarantees ?? ['expectation'];
  const acc: Calibrated = {
    summary: [],
    splitResults: [],
    paired: [],
    deploy: [],
    strataManifests: {},
    pooled: null,
    strataStats: [],
    strataFacts: [],
  };
  // the ungated ledger and task outcomes are the same in every selector's table
  const anyTable = replayed.tables.values().next().value!;
  if (spec.labels && 'stepLists' in spec.labels) shareLabelIds(spec.labels, anyTable.ids);
  const run: RunContext = { replayed, methods, dataset, guarantees, anyTable, started };
  const finish = strataOf(replayed).map((stratum) => calibrateStratum(spec, run, stratum, acc));
  spec.onSummaries?.({ summary: acc.summary, paired: acc.paired, corpus: { format: replayed.format, models: replayed.models } });
  for (const f of finish) f();
  const { summary, splitResults, paired, deploy, strataManifests, strataFacts } = acc;
  const p = acc.pooled!;
  const manifest: ManifestInput = Object.keys(strataManifests).length ? { ...p.manifest, strata: strataManifests } : p.manifest;
  const warnings = degenerateDeployment({ strata: strataFacts, calls: replayed.calls ?? null, deploy });
  const report: ReportInput = {
    title: spec.title,
    summary,
    splitResults,
    paired,
    manifest,
    deploy,
    pipeline: spec.pipeline,
    corpusStats: corpusStatsOf(spec, replayed, p, acc),
    ...(warnings.length ? { warnings } : {}),
  };
  if (spec.selectorSeeds?.length) report.tables = withSeedCheck(spec, spec.selectorSeeds, { main: replayed.tables, check: checkTables }, p);
  return {
    protocol: p.protocol,
    manifest: p.manifest,
    report,
    deploy,
    corpus: { format: replayed.format, models: replayed.models },
    fingerprint: fingerprintOf(replayed, methods, spec.by ?? null),
    warnings,
  };
}

/** Per calibration episode: run length and, per method, the first-stop index (runsFrom of its selector's table). */
function fingerprintOf(replayed: ReplayedInput, methods: readonly MethodName[], by: string | null): Fingerprint {
  const any = [...replayed.tables.values()][0]!;
  // plain loops into arrays of their final length: Array.from with a map function took ~0.25 s at 10⁶ episodes
  const steps = new Array<number>(any.n);
  for (let e = 0; e < any.n; e++) steps[e] = any.stepOffset[e + 1]! - any.stepOffset[e]!;
  const runsFrom: Record<string, number[]> = {};
  for (const m of methods) {
    const column = replayed.tables.get(METHOD_SELECTOR[m])!.runsFrom;
    const values = new Array<number>(column.length);
    for (let e = 0; e < column.length; e++) values[e] = column[e]!;
    runsFrom[m] = values;
  }
  return {
    carbFingerprint: 1,
    grid: any.G,
    by,
    strata: replayed.strata ? [...replayed.strata] : null,
    steps,
    runsFrom,
    tools: replayed.tools ? sortedCounts(replayed.tools) : null,
  };
}

/** Episodes of a stratum (rows null: all of the table) for which `test` holds. */
function countRows(table: BreakpointTable, rows: Int32Array | null, test: (t: BreakpointTable, e: number) => boolean): number {
  let k = 0;
  if (rows) for (const e of rows) k += test(table, e) ? 1 : 0;
  else for (let e = 0; e < table.n; e++) k += test(table, e) ? 1 : 0;
  return k;
}
