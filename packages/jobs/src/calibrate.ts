import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BatchSize, Budget, DeployRow, Guarantee, MethodName, ProtocolResult, SplitDataset } from '@carb/calibrate';
import type { CorpusFormat } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline, type Pipeline } from '@carb/pipeline';
import { NOT_WHOLE_BREAKPOINTS, breakpointArrowKind, defaultWorkers } from '@carb/replay';
import { startPlotRenders, startPngRenderer, writeReport } from '@carb/report';
import { labelsFor, runCalibrationJob, suitePerturbationFor } from './calibrationJob.ts';
import type { SplitRows } from './splitRows.ts';
import { runSources, type LedgerArgs } from './scoresAndEvents.ts';
import { readStats } from './loadEpisodes.ts';
import { mergeShards } from './mergeShards.ts';
import { readManifestFile } from '@carb/deploy';
import { fingerprintText } from '@carb/deploy';
import { UsageError } from '@carb/io';
import { holdingOutput } from './holdingOutput.ts';
import { NO_NOTICE, type Notice } from './notice.ts';
import type { StratumField } from './strata.ts';

/**
 * True when the inputs are breakpoint tables of `carb replay --out` (shards), not a corpus. An
 * `.arrow` input beside them that does not read (a shard cut short) is refused as such, naming it.
 */
async function breakpointInputs(paths: readonly string[]): Promise<boolean> {
  const arrow: string[] = [];
  const unreadable: string[] = [];
  for (const p of paths) {
    if (!p.endsWith('.arrow') || !existsSync(p) || !statSync(p).isFile()) continue;
    const kind = await breakpointArrowKind(p);
    if (kind === 'breakpoints') arrow.push(p);
    else if (kind === 'unreadable') unreadable.push(p);
  }
  if (arrow.length && unreadable.length) throw new Error(`${unreadable[0]!}: ${NOT_WHOLE_BREAKPOINTS}`);
  if (arrow.length && arrow.length !== paths.length) {
    throw new UsageError(
      `<corpus>: expected either a corpus or breakpoint tables (carb replay --out), found both: ${arrow[0]!} is a breakpoint table, ${String(paths.find((p) => !arrow.includes(p)))} is not`,
    );
  }
  return arrow.length > 0;
}

/**
 * The input files whose bytes decide the report beyond the corpus digest, as read: shards,
 * and the events and scores files (their SHA-256 as the pipeline pins them).
 */
function inputFiles(args: CalibrateArgs, pipeline: Pipeline, shards: Record<string, string>): Record<string, string> {
  const inputs: Record<string, string> = { ...shards };
  if (args.ledgerEvents !== undefined && pipeline.ledger.source) inputs[args.ledgerEvents] = pipeline.ledger.source.eventsSha256;
  if (args.scores !== undefined && pipeline.scorer.scoresSha256 !== undefined) inputs[args.scores] = pipeline.scorer.scoresSha256;
  return inputs;
}

/** A report title from what the corpus says about itself (models, suite format), not folder names. */
function titleFor(paths: readonly string[], format: string | null, models: readonly string[]): string {
  const names = paths.map((p) => basename(p.replace(/\/+$/, ''))).join(', ');
  if (format === 'agentdojo') return `AgentDojo runs: ${models.length ? models.join(', ') : names}`;
  if (format === 'graph-braid') return 'Graph-braid suite';
  if (format === 'ces') return 'CES suite';
  return names;
}

/** The choices of `carb calibrate`, named as its flags (the same words as --help and the README). */
export interface CalibrateArgs extends LedgerArgs {
  corpus: string[];
  pipeline?: string;
  methods: MethodName[];
  alphas: Budget[];
  frontier: boolean;
  /** Per-split rows of the requested budgets only (default), or of the frontier's too. */
  splitRows?: SplitRows;
  splits: number;
  dataset?: SplitDataset;
  cal?: number;
  test?: number;
  splitRng: 'python' | 'seedrandom';
  baseSeed: number;
  workers?: number;
  out: string;
  expectHash?: string;
  expectManifest?: string;
  format: CorpusFormat;
  strict: boolean;
  includeAborted: boolean;
  selectorSeeds?: number[];
  by?: StratumField;
  guarantee: Guarantee | 'both';
  delta?: number;
  batch?: BatchSize;
}

/** What a calibration wrote and what its summary prints. */
export interface CalibrateResult {
  protocol: ProtocolResult;
  deploy: DeployRow[];
  warnings: string[];
  pipelineHash: string;
  /** SHA-256 of the manifest.json written (as writeReport returns it). */
  manifestHash: string | undefined;
}

/**
 * `carb calibrate`: replay (streamed, or merged shards), protocol, report written to `args.out`
 * (held locked throughout). `argv` is the invocation the manifest records; `onNotice` gets the
 * input problem lines and what was left out (the command prints them on stderr).
 */
export async function calibrate(args: CalibrateArgs, argv: string[], onNotice: Notice = NO_NOTICE): Promise<CalibrateResult> {
  return holdingOutput(args.out, () => calibrateHeld(args, argv, onNotice));
}

async function calibrateHeld(args: CalibrateArgs, argv: string[], onNotice: Notice): Promise<CalibrateResult> {
  // the report's frontier PNG is rendered on a thread of its own: it loads while the corpus is read
  startPngRenderer();
  const loaded = loadPipeline(args.pipeline ?? defaultPipelinePath());
  const shards = await breakpointInputs(args.corpus);
  // shards were replayed with these sources already (carb replay --shard takes the same flags): only their pins are compared
  const { pipeline, sources: read } = runSources(loaded, args, onNotice);
  const sources = shards ? null : read;
  if (shards && args.selectorSeeds)
    throw new UsageError('--selector-seeds: expected a corpus input (the seed check replays random selectors), found breakpoint tables');
  if (shards && args.by)
    throw new UsageError('--by: expected a corpus input (strata are read from episode sources), found breakpoint tables');
  const merged = shards ? mergeShards(args.corpus, pipeline) : null;
  const labelPaths = merged ? merged.provenance.corpus.filter((p) => existsSync(p)) : args.corpus;
  const labels = labelPaths.length ? labelsFor(labelPaths, onNotice) : null;
  const stats = readStats();
  const manifestPath = args.expectManifest ?? (existsSync(join(args.out, 'manifest.json')) ? join(args.out, 'manifest.json') : undefined);
  const expectManifest = args.expectHash && manifestPath ? readManifestFile(manifestPath) : null;
  const guarantees: Guarantee[] = args.guarantee === 'both' ? ['expectation', 'high-probability'] : [args.guarantee];
  const titleOf = (corpus: { format: string | null; models: readonly string[] }) =>
    titleFor(merged ? merged.provenance.corpus : args.corpus, corpus.format, corpus.models);
  const { protocol, manifest, report, corpus, deploy, fingerprint, warnings } = await runCalibrationJob({
    title: '',
    ...(merged
      ? { replayed: merged }
      : {
          input: { paths: args.corpus, load: { format: args.format, strict: args.strict, includeAborted: args.includeAborted, onNotice } },
        }),
    labels,
    pipeline,
    sources,
    methods: args.methods,
    alphas: args.alphas,
    frontier: args.frontier,
    ...(args.splitRows ? { splitRows: args.splitRows } : {}),
    splits: args.splits,
    ...(args.dataset ? { dataset: args.dataset } : {}),
    ...(args.cal !== undefined ? { nCal: args.cal } : {}),
    ...(args.test !== undefined ? { nTest: args.test } : {}),
    splitRng: args.splitRng,
    baseSeed: args.baseSeed,
    argv,
    perturbation: merged ? null : suitePerturbationFor(args.corpus),
    workers: args.workers ?? defaultWorkers(),
    stats,
    guarantees,
    ...(args.delta !== undefined ? { delta: args.delta } : {}),
    ...(args.batch !== undefined ? { batch: args.batch } : {}),
    ...(args.by ? { by: args.by } : {}),
    ...(args.selectorSeeds ? { selectorSeeds: args.selectorSeeds } : {}),
    ...(args.expectHash ? { expectHash: args.expectHash, expectManifest } : {}),
    // the frontier renders on its own thread while the job fits the deploy rows and the report is assembled
    onSummaries: ({ summary, paired, corpus }) => startPlotRenders({ title: titleOf(corpus), summary, paired }),
  });
  report.title = titleOf(corpus);
  const inputs = inputFiles(args, pipeline, merged?.fileSha256 ?? {});
  if (report.manifest && Object.keys(inputs).length) report.manifest = { ...report.manifest, inputs };
  report.fingerprint = fingerprintText(fingerprint);
  const { manifestHash } = await writeReport(args.out, report);
  return { protocol, deploy, warnings, pipelineHash: manifest.pipelineHash, manifestHash };
}
