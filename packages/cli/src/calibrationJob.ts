import { existsSync, readFileSync } from 'node:fs';
import type { Episode, EpisodeLabels } from '@carb/episodes';
import { formatProblem, readLabelsBeside } from '@carb/episodes';
import {
  DEFAULT_ALPHAS, METHOD_ORDER, METHOD_SELECTOR, foldSizes, frontierAlphas, runProtocol,
  type MethodName, type ProtocolResult, type SplitDataset,
} from '@carb/calibrate';
import { corpusDigest, diffComponents, pipelineComponents, withSelector, type Pipeline } from '@carb/pipeline';
import { defaultTables, makeManifest, type ManifestInput, type ReportInput } from '@carb/report';
import { seedCheckTable } from './seedCheck.ts';
import { replayParallel, type BreakpointTable, type FusedSelector } from '@carb/replay';
import { progress } from '@carb/io';
import type { SuiteMeta } from '@carb/suites';
import { CARB_VERSION } from './commands/version.ts';

export { CARB_VERSION };

export interface JobSpec {
  title: string;
  episodes: Episode[];
  labels: EpisodeLabels[] | null;
  pipeline: Pipeline;
  methods: MethodName[];
  alphas: string[];
  /** Add the dense frontier (α from 1/(n+1) by .005). */
  frontier: boolean;
  splits: number;
  dataset: SplitDataset;
  nCal?: number;
  nTest?: number;
  splitRng: 'python' | 'seedrandom';
  baseSeed: number;
  argv: string[];
  /** Expected pipeline hash (refuse to run on a mismatch), and a recorded manifest to name the differing components. */
  expectHash?: string;
  expectManifest?: { pipelineHash: string; components: Record<string, string> } | null;
  quiet?: boolean;
  /** Equal-size random selector seeds for the App. E.4 seed check (at `seedCheckAlpha`, default .05). */
  selectorSeeds?: number[];
  seedCheckAlpha?: string;
  /** Seeded score noise of a generated suite (its .meta.json), applied to every q_t. */
  scoreNoise?: SuiteNoise | null;
  /** Replay worker threads (1, the default: in this thread, no pool). */
  workers?: number;
}

/** The part of a suite's .meta.json that perturbs scores. */
export interface SuiteNoise {
  noiseSeed: number;
  params: SuiteMeta['params'];
}

/** Score noise declared in `<corpus>.meta.json` beside a single .jsonl corpus, or null when absent or zero. */
export function scoreNoiseFor(paths: readonly string[]): SuiteNoise | null {
  if (paths.length !== 1 || !paths[0]!.endsWith('.jsonl')) return null;
  const metaFile = paths[0]!.replace(/\.jsonl$/, '.meta.json');
  if (!existsSync(metaFile)) return null;
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as SuiteMeta;
  return meta.params?.scoreNoise ? { noiseSeed: meta.noiseSeed, params: meta.params } : null;
}

export interface JobResult {
  protocol: ProtocolResult;
  manifest: ManifestInput;
  report: ReportInput;
}

/** Which fold rule a corpus follows (Table 2), from its source format and labels. */
export function detectDataset(episodes: readonly Episode[], labels: readonly EpisodeLabels[] | null): SplitDataset {
  const format = episodes[0]?.source.format;
  if (format === 'graph-braid') return 'graph-braid';
  if (format === 'ces') {
    const clean = (labels ?? []).every((l) => l.kind === 'leak' || l.kind === 'public-send');
    return clean ? 'ces-clean' : 'ces-near-miss';
  }
  return 'agentdojo';
}

/** Labels stored beside a corpus (constructed suites), or null. */
export function labelsFor(paths: string[]): EpisodeLabels[] | null {
  const found = readLabelsBeside(paths);
  if (!found) return null;
  for (const p of found.problems) process.stderr.write(`${formatProblem(p)}\n`);
  return found.labels;
}

/** The selector of each kind the methods need, once each, named by its kind. */
function selectorsFor(pipeline: Pipeline, methods: readonly MethodName[]): FusedSelector[] {
  const kinds = [...new Set(methods.map((m) => METHOD_SELECTOR[m]))];
  return kinds.map((kind) => ({ method: kind, selector: withSelector(pipeline, { kind }).selector }));
}

/** Breakpoint tables by method from tables by selector kind; methods sharing a selector share one table. */
function tablesByMethod(methods: readonly MethodName[], byKind: ReadonlyMap<string, BreakpointTable>): Partial<Record<MethodName, BreakpointTable>> {
  const tables: Partial<Record<MethodName, BreakpointTable>> = {};
  for (const m of methods) tables[m] = byKind.get(METHOD_SELECTOR[m])!;
  return tables;
}

/** One fused replay pass over `selectors` across `workers` threads, with a progress bar. */
async function replayPass(spec: JobSpec, selectors: readonly FusedSelector[], noise: SuiteNoise | null): Promise<Map<string, BreakpointTable>> {
  if (selectors.length === 0) return new Map();
  const bar = spec.quiet ? { tick() {}, stop() {} } : progress('replay', spec.episodes.length);
  const tables = await replayParallel(spec.episodes, spec.pipeline, selectors, {
    workers: spec.workers ?? 1, noise, onEpisodes: (k) => { for (let i = 0; i < k; i++) bar.tick(); },
  });
  bar.stop();
  return new Map(tables.map((t) => [t.method, t]));
}

/**
 * One calibration run: pin the pipeline (refusing on an unexpected hash), replay (one fused pass),
 * run the split protocol for every method and budget, and assemble the report.
 */
export async function runCalibrationJob(spec: JobSpec): Promise<JobResult> {
  const folds = foldSizes(spec.dataset, spec.episodes.length);
  const nCal = spec.nCal ?? folds.nCal;
  const nTest = spec.nTest ?? folds.nTest;
  const splitProtocol = { rng: spec.splitRng, baseSeed: spec.baseSeed, count: spec.splits, nCal, nTest, unit: folds.unit, dataset: spec.dataset };
  // score noise changes every q_t, so it is pinned with the corpus it perturbs
  const digest = corpusDigest(spec.episodes);
  const extras = { splitProtocol, corpusDigest: spec.scoreNoise ? `${digest}+noise:${spec.scoreNoise.params.scoreNoise}@${spec.scoreNoise.noiseSeed}` : digest, carbVersion: CARB_VERSION, ...(spec.selectorSeeds?.length ? { selectorSeeds: spec.selectorSeeds } : {}) };
  const manifest = makeManifest(spec.pipeline, extras, { episodes: spec.episodes.length, dataset: spec.dataset }, spec.argv);
  if (spec.expectHash && spec.expectHash !== manifest.pipelineHash) {
    const differing = spec.expectManifest && spec.expectManifest.pipelineHash === spec.expectHash
      ? diffComponents(spec.expectManifest, pipelineComponents(spec.pipeline, extras))
      : null;
    throw new Error(
      `pipeline hash ${manifest.pipelineHash} differs from the expected ${spec.expectHash}` +
        (differing ? `; differing components: ${differing.join(', ')}` : '; pass the recorded manifest (--expect-manifest) to name the differing components'),
    );
  }
  const methods = METHOD_ORDER.filter((m) => spec.methods.includes(m));
  const noise = spec.scoreNoise ?? null;
  const seeds = spec.selectorSeeds ?? [];
  const main = selectorsFor(spec.pipeline, methods);
  // the seed check needs G-CARB's table and one random table per seed; it has always been
  // replayed without suite score noise, so under noise it is a second, noiseless pass
  const check: FusedSelector[] = seeds.map((seed) => ({ method: `random-${seed}`, selector: withSelector(spec.pipeline, { kind: 'random', seed }).selector }));
  const checkGraph = seeds.length > 0 && (noise ? !methods.includes('g-carb') : !main.some((s) => s.method === 'graph'));
  if (checkGraph) check.unshift(selectorsFor(spec.pipeline, ['g-carb'])[0]!);
  const byKind = await replayPass(spec, noise ? main : [...main, ...check], noise);
  const checkTables = noise ? await replayPass(spec, check, null) : byKind;
  const tables = tablesByMethod(methods, byKind);
  const alphas = spec.frontier ? mergeAlphas(spec.alphas, frontierAlphas(nCal)) : spec.alphas;
  const bar = spec.quiet ? { tick() {}, stop() {} } : progress('calibrate', spec.splits);
  const protocol = runProtocol({
    tables, alphas, splits: spec.splits, nCal, nTest, splitRng: spec.splitRng, baseSeed: spec.baseSeed, unit: folds.unit,
    ...(spec.labels ? { labels: spec.labels, benignStop: spec.dataset === 'graph-braid' ? 'graph-braid' as const : 'ces' as const } : {}),
    onProgress: () => bar.tick(),
  });
  bar.stop();
  const report: ReportInput = { title: spec.title, summary: protocol.summary, splitResults: protocol.splitResults, paired: protocol.paired, manifest };
  if (spec.selectorSeeds?.length) {
    const alpha = spec.seedCheckAlpha ?? '.05';
    const graphTable = tables['g-carb'] ?? checkTables.get('graph')!;
    const check = seedCheckTable({
      graphTable, random: seeds.map((seed) => ({ seed, table: checkTables.get(`random-${seed}`)! })), alpha, splits: spec.splits,
      nCal, nTest, unit: folds.unit, splitRng: spec.splitRng, baseSeed: spec.baseSeed,
    });
    report.tables = {
      ...defaultTables([{ label: spec.title, rows: protocol.summary }], [{ label: spec.title, rows: protocol.paired }]),
      [`Equal-size random selector seeds at α = ${alpha}`]: check,
    };
  }
  return { protocol, manifest, report };
}

/** Default budgets followed by the frontier, without duplicates (by value), sorted by value. */
function mergeAlphas(main: readonly string[], frontier: readonly string[]): string[] {
  const value = (s: string) => { const [a, b] = s.split('/'); return b === undefined ? Number(a) : Number(a) / Number(b); };
  const seen = new Map<number, string>();
  for (const a of [...main, ...frontier]) if (!seen.has(value(a))) seen.set(value(a), a);
  return [...seen.entries()].sort((x, y) => x[0] - y[0]).map(([, s]) => s);
}

export { DEFAULT_ALPHAS };
