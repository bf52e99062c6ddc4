import { existsSync, readFileSync } from 'node:fs';
import {
  appendMonitorBatch,
  deployedSourcesProblem,
  isMonitorStateText,
  monitorStateRisk,
  monitorStateText,
  monitoredRowProblem,
  readMonitorState,
  resolveGate,
  sha256Hex,
  type GateChoiceArgs,
  type MonitorRisk,
  type MonitorState,
  type MonitoredRow,
  type ResolvedGate,
} from '@carb/deploy';
import type { CorpusFormat } from '@carb/episodes';
import { POOLED_STRATUM } from '@carb/calibrate';
import { UsageError, fileSha256, printable, writeFileAtomic } from '@carb/io';
import { defaultWorkers, type BreakpointTable } from '@carb/replay';
import { holdingOutputFile } from './holdingOutput.ts';
import { readStats } from './loadEpisodes.ts';
import { monitorRecalibration, monitorStratumField } from './monitorCalibration.ts';
import { NO_NOTICE, type Notice } from './notice.ts';
import { replayInput } from './replayInput.ts';
import { runSources, type LedgerArgs } from './scoresAndEvents.ts';
import type { StratumField } from './strata.ts';

/** The choices of `carb monitor`, named as its flags. */
export interface MonitorArgs extends GateChoiceArgs, LedgerArgs {
  logs: string[];
  state: string;
  delta?: number;
  expectStateHash?: string;
  format: CorpusFormat;
  strict: boolean;
  includeAborted: boolean;
  workers?: number;
}

/** What one `carb monitor` batch did: the batch as read, the state written and its risk so far. */
export interface MonitorResult {
  /** The deployed gate, as resolveGate describes it. */
  description: string;
  alpha: number;
  delta: number;
  /** The calibration's --by field when the row is a stratum's, and the episodes of other values left out. */
  by: string | null;
  leftOut: number;
  batchEpisodes: number;
  batchLoss: number;
  corpusDigest: string;
  state: MonitorState;
  risk: MonitorRisk;
  stateSha256: string;
  /** The recalibration command (or why there is none); null when no alarm. */
  recalibrate: string | null;
}

/** Default alarm level δ. */
const DEFAULT_DELTA = 0.05;

const isStateFile = (file: string): boolean => {
  try {
    return isMonitorStateText(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * `carb monitor`: the state so far, then the batch replayed at the deployed row, appended and
 * tested (written atomically to `args.state`). `onNotice` gets resolveGate's notice before the
 * replay, then the input problem lines (the command prints them on stderr).
 */
export async function monitor(args: MonitorArgs, onNotice: Notice = NO_NOTICE): Promise<MonitorResult> {
  return holdingOutputFile(args.state, 'a carb monitor state', isStateFile, () => monitorBatch(args, onNotice), '--state');
}

/** The state so far (null before the first batch), its bytes checked against --expect-state-hash. */
function previousState(args: MonitorArgs): MonitorState | null {
  const pin = args.expectStateHash;
  if (!existsSync(args.state)) {
    if (pin !== undefined)
      throw new Error(`${args.state}: expected the state file with sha256 ${pin} (--expect-state-hash), found no file`);
    return null;
  }
  const text = readFileSync(args.state, 'utf8');
  const now = sha256Hex(text);
  if (pin !== undefined && now !== pin)
    throw new Error(
      `${args.state}: expected sha256 ${pin} (--expect-state-hash), found ${now}: not the state the last run left; refusing to continue it`,
    );
  return readMonitorState(args.state, text);
}

/** The deployed row a state follows, pinned by deploy.json's SHA-256. */
function monitoredRowOf(row: NonNullable<ResolvedGate['row']>['row'], deployFile: string): MonitoredRow {
  return {
    deploySha256: fileSha256(deployFile),
    method: row.method,
    alpha: row.alpha,
    stratum: row.stratum,
    guarantee: row.guarantee,
    lambdaIndex: row.lambdaIndex,
  };
}

/** The batch replayed at the deployed gate: its table, the rows of the deployed stratum, their corpus digest and the --by field. */
async function replayBatch(
  args: MonitorArgs,
  resolved: ResolvedGate,
  onNotice: Notice,
): Promise<{ table: BreakpointTable; rows: number[]; corpusDigest: string; by: StratumField | null }> {
  const { row } = resolved.row!;
  const sourcesProblem = deployedSourcesProblem(resolved.pipeline, args.ledger, args.scores !== undefined);
  if (sourcesProblem) throw new UsageError(sourcesProblem);
  // the deployed pipeline pins the calibration's events and scores files: the new logs bring their own
  const unpinned = {
    ...resolved.pipeline,
    scorer: { ...resolved.pipeline.scorer, scoresSha256: undefined },
    ledger: { ...resolved.pipeline.ledger, source: undefined },
  };
  const { pipeline, sources } = runSources(unpinned, args, onNotice);
  // a stratum's row was fit on the episodes of that stratum: the new logs are matched by the calibration's --by field
  const by = row.stratum === POOLED_STRATUM ? null : monitorStratumField(args.deploy!);
  const replayed = await replayInput({
    input: { paths: args.logs, load: { format: args.format, strict: args.strict, includeAborted: args.includeAborted, onNotice } },
    pipeline,
    selectors: [{ method: resolved.selector, selector: pipeline.selector }],
    workers: args.workers ?? defaultWorkers(),
    noise: null,
    stats: readStats(),
    sources,
    ...(by ? { by } : {}),
  });
  const table = replayed.tables.get(resolved.selector)!;
  const rows = by ? replayed.strata!.flatMap((s, e) => (s === row.stratum ? [e] : [])) : Array.from({ length: table.n }, (_, e) => e);
  const corpusDigest = by ? replayed.strataDigests!.get(row.stratum) : replayed.digest;
  if (rows.length === 0 || corpusDigest === undefined)
    throw new Error(
      `${args.logs.join(', ')}: expected episodes of stratum ${row.stratum} (${String(by)} of the deploy row), found none of the ${table.n}`,
    );
  return { table, rows, corpusDigest, by };
}

async function monitorBatch(args: MonitorArgs, onNotice: Notice): Promise<MonitorResult> {
  const delta = args.delta ?? DEFAULT_DELTA;
  const previous = previousState(args);
  const resolved = resolveGate(args);
  if (resolved.notice !== null) onNotice(`carb: ${printable(resolved.notice)}`);
  const { row } = resolved.row!;
  const deployFile = args.deploy!;
  const monitored = monitoredRowOf(row, deployFile);
  const rowProblem = previous ? monitoredRowProblem(args.state, previous, monitored, delta) : null;
  if (rowProblem) throw new Error(rowProblem);
  const { table, rows, corpusDigest, by } = await replayBatch(args, resolved, onNotice);
  const g = resolved.gridIndex!;
  // the executed-prefix union ledger loss at the deployed index, as replay's grid means count it
  const losses = Uint8Array.from(rows, (e) => (table.unionLossFrom[e]! <= g ? 1 : 0));
  const state = appendMonitorBatch(args.state, previous, monitored, delta, { corpusDigest, ids: rows.map((e) => table.ids[e]!), losses });
  const risk = monitorStateRisk(state, row.alpha, delta);
  const text = monitorStateText(state);
  writeFileAtomic(args.state, text);
  return {
    description: resolved.description,
    alpha: row.alpha,
    delta,
    by,
    leftOut: table.n - rows.length,
    batchEpisodes: losses.length,
    batchLoss: losses.reduce((s, l) => s + l, 0),
    corpusDigest,
    state,
    risk,
    stateSha256: sha256Hex(text),
    recalibrate: risk.alarmAt === null ? null : monitorRecalibration(deployFile, args.logs, state.batches.length),
  };
}
