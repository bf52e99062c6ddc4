import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  appendMonitorBatch, calibrationStratumField, deployedSourcesProblem, isMonitorStateText, monitorStateRisk, monitorStateText, monitoredRowProblem, readMonitorState,
  recalibrateCommand, sha256Hex, type MonitorState, type MonitoredRow,
} from '@carb/deploy';
import { POOLED_STRATUM } from '@carb/calibrate';
import { printable, writeFileAtomic } from '@carb/io';
import { defaultWorkers } from '@carb/replay';
import { fileSha256 } from '@carb/io';
import { resolveGate } from '@carb/deploy';
import { holdingOutputFile, readStats } from '@carb/jobs';
import { UsageError } from '../options/usageError.ts';
import { replayInput } from '@carb/jobs';
import { STRATUM_FIELDS, type StratumField } from '@carb/jobs';
import { runSources } from '@carb/jobs';
import type { MonitorArgs } from './monitor.ts';

/** Default alarm level δ. */
const DEFAULT_DELTA = 0.05;

const isStateFile = (file: string): boolean => {
  try {
    return isMonitorStateText(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
};

/** A share or bound as the report prints budgets: three decimals, no leading zero. */
const decimal = (x: number): string => x.toFixed(3).replace(/^0\./, '.');
const eText = (x: number): string => (x < 1e6 ? x.toFixed(2) : x.toExponential(2));

/** `carb monitor`, once its options have passed: the state first, then the batch replayed, appended and tested. */
export async function run(args: MonitorArgs): Promise<void> {
  await holdingOutputFile(args.state, 'a carb monitor state', isStateFile, () => monitor(args), '--state');
}

/** The state so far (null before the first batch), its bytes checked against --expect-state-hash. */
function previousState(args: MonitorArgs): MonitorState | null {
  const pin = args['expect-state-hash'];
  if (!existsSync(args.state)) {
    if (pin !== undefined) throw new Error(`${args.state}: expected the state file with sha256 ${pin} (--expect-state-hash), found no file`);
    return null;
  }
  const text = readFileSync(args.state, 'utf8');
  const now = sha256Hex(text);
  if (pin !== undefined && now !== pin) throw new Error(`${args.state}: expected sha256 ${pin} (--expect-state-hash), found ${now}: not the state the last run left; refusing to continue it`);
  return readMonitorState(args.state, text);
}

async function monitor(args: MonitorArgs): Promise<void> {
  const delta = args.delta ?? DEFAULT_DELTA;
  const previous = previousState(args);
  const resolved = resolveGate(args);
  if (resolved.notice !== null) process.stderr.write(`carb: ${printable(resolved.notice)}\n`);
  const { row } = resolved.row!;
  const monitored: MonitoredRow = { deploySha256: fileSha256(args.deploy!), method: row.method, alpha: row.alpha, stratum: row.stratum, guarantee: row.guarantee, lambdaIndex: row.lambdaIndex };
  const rowProblem = previous ? monitoredRowProblem(args.state, previous, monitored, delta) : null;
  if (rowProblem) throw new Error(rowProblem);
  const sourcesProblem = deployedSourcesProblem(resolved.pipeline, args.ledger, args.scores !== undefined);
  if (sourcesProblem) throw new UsageError(sourcesProblem);
  // the deployed pipeline pins the calibration's events and scores files: the new logs bring their own
  const unpinned = { ...resolved.pipeline, scorer: { ...resolved.pipeline.scorer, scoresSha256: undefined }, ledger: { ...resolved.pipeline.ledger, source: undefined } };
  const { pipeline, sources } = runSources(unpinned, args);
  // a stratum's row was fit on the episodes of that stratum: the new logs are matched by the calibration's --by field
  const by = row.stratum === POOLED_STRATUM ? null : stratumField(args.deploy!);
  const replayed = await replayInput({
    input: { paths: args.logs, load: { format: args.format, strict: args.strict, includeAborted: args['include-aborted'] } },
    pipeline, selectors: [{ method: resolved.selector, selector: pipeline.selector }],
    workers: args.workers ?? defaultWorkers(), noise: null, stats: readStats(), sources, ...(by ? { by } : {}),
  });
  const table = replayed.tables.get(resolved.selector)!;
  const rows = by ? replayed.strata!.flatMap((s, e) => (s === row.stratum ? [e] : [])) : Array.from({ length: table.n }, (_, e) => e);
  const corpusDigest = by ? replayed.strataDigests!.get(row.stratum) : replayed.digest;
  if (rows.length === 0 || corpusDigest === undefined) throw new Error(`${args.logs.join(', ')}: expected episodes of stratum ${row.stratum} (${by} of the deploy row), found none of the ${table.n}`);
  const g = resolved.gridIndex!;
  // the executed-prefix union ledger loss at the deployed index, as replay's grid means count it
  const losses = Uint8Array.from(rows, (e) => (table.unionLossFrom[e]! <= g ? 1 : 0));
  const state = appendMonitorBatch(args.state, previous, monitored, delta, { corpusDigest, ids: rows.map((e) => table.ids[e]!), losses });
  const risk = monitorStateRisk(state, row.alpha, delta);
  const text = monitorStateText(state);
  writeFileAtomic(args.state, text);

  const now = risk.checkpoints.at(-1)!;
  const batchLoss = losses.reduce((s, l) => s + l, 0);
  const out = (line: string) => process.stdout.write(`${printable(line)}\n`);
  out(`monitor: ${resolved.description}`);
  const skipped = by ? ` (${table.n - rows.length} of other ${by} values left out)` : '';
  out(`batch ${state.batches.length}: ${losses.length} episodes${skipped}, ledger loss ${batchLoss} (${decimal(batchLoss / losses.length)}); corpus digest ${corpusDigest.slice(0, 12)}…`);
  out(`so far: ${state.batches.length} batch(es), ${now.episodes} episodes, ledger loss ${now.lossSum} (${decimal(now.lossSum / now.episodes)})`);
  out(`e-process for risk ≤ α = ${row.alpha}: ${eText(now.eValue)} (alarm at 1/δ = ${eText(1 / delta)})`);
  out(`risk ≥ ${decimal(now.lowerBound)} (betting confidence sequence, anytime-valid at δ = ${delta})`);
  if (risk.alarmAt !== null) {
    out(`ALARM at episode ${risk.alarmAt}: the deployed gate's risk exceeds α = ${row.alpha} (anytime-valid at δ = ${delta})`);
    out(`recalibrate: ${recalibration(args, state.batches.length)}`);
    process.exitCode = 1;
  } else {
    out(`no alarm: the e-process has stayed below 1/δ, no evidence yet that the risk exceeds α = ${row.alpha} (keep monitoring)`);
  }
  out(`state: ${args.state} (sha256 ${sha256Hex(text)}; --expect-state-hash it next time)`);
}

/** The calibration's recorded argv (manifest.json beside deploy.json), or null when it holds none. */
function calibrationArgv(deployFile: string): string[] | null {
  const manifest = JSON.parse(readFileSync(join(dirname(deployFile), 'manifest.json'), 'utf8')) as { command?: { argv?: unknown } };
  const argv = manifest.command?.argv;
  return Array.isArray(argv) && argv[0] === 'calibrate' && argv.every((a) => typeof a === 'string') ? argv as string[] : null;
}

/** The --by field of a calibration with strata; an error when its manifest does not say. */
function stratumField(deployFile: string): StratumField {
  const field = calibrationStratumField(calibrationArgv(deployFile) ?? []);
  if (field === null || !(STRATUM_FIELDS as readonly string[]).includes(field)) {
    throw new Error(`${join(dirname(deployFile), 'manifest.json')}: expected the calibrate command with --by ${STRATUM_FIELDS.join('|')} (the deploy row is of a stratum), found ${field === null ? 'none' : JSON.stringify(field)}`);
  }
  return field as StratumField;
}

/** The command that recalibrates on the calibration's corpus and the monitored logs, with the same pinned pipeline. */
function recalibration(args: MonitorArgs, batches: number): string {
  const dir = dirname(args.deploy!);
  const argv = calibrationArgv(args.deploy!);
  if (argv === null) return `(not recorded: ${join(dir, 'manifest.json')} holds no carb calibrate command)`;
  const earlier = batches > 1 ? ` (add the logs of the ${batches - 1} earlier batch(es) too: the state keeps no paths)` : '';
  return `${recalibrateCommand(argv, args.logs, `${dir.replace(/\/+$/, '')}-recalibrated`)}${earlier}`;
}
