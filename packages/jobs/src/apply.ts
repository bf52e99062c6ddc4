import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  appliedArrow,
  appliedCsv,
  applyDeployedGate,
  applyHtml,
  lambdaText,
  readFingerprint,
  readManifestFile,
  recalibrateCommand,
  resolveGate,
  type ApplyReport,
  type Fingerprint,
  type GateChoiceArgs,
  type ResolvedGate,
} from '@carb/deploy';
import { CorpusDigester, type CorpusFormat, type Episode } from '@carb/episodes';
import { canonicalJson, writeOutputFolder } from '@carb/io';
import { APPLY_RULE } from './applyTarget.ts';
import { CARB_VERSION } from './carbVersion.ts';
import { holdingOutput } from './holdingOutput.ts';
import type { LedgerRow } from './ledgerEvents.ts';
import { loadEpisodes } from './loadEpisodes.ts';
import { NO_NOTICE, type Notice } from './notice.ts';
import { NO_STRATUM_VALUE } from './replayInput.ts';
import { runSources, type LedgerArgs } from './scoresAndEvents.ts';
import type { StratumField } from './strata.ts';

/** The choices of `carb apply`, named as its flags. */
export interface ApplyArgs extends GateChoiceArgs, LedgerArgs {
  logs: string[];
  out: string;
  permutations: number;
  seed: number;
  delta: number;
  format: CorpusFormat;
  strict: boolean;
  includeAborted: boolean;
}

const FINGERPRINT = 'fingerprint.json';

/**
 * `carb apply`: the deployed gate run over new logs, written as a report folder (`args.out`, held
 * locked throughout); `argv` is the invocation its manifest records. `onNotice` gets resolveGate's
 * notice and the input problem lines (the command prints them on stderr).
 */
export async function apply(args: ApplyArgs, argv: string[], onNotice: Notice = NO_NOTICE): Promise<ApplyReport> {
  return holdingOutput(args.out, () => applyHeld(args, argv, onNotice));
}

/** The episodes the gate is applied to, their ledger rows, and the corpus digest of the logs read. */
function appliedEpisodes(
  args: ApplyArgs,
  sources: ReturnType<typeof runSources>['sources'],
  onNotice: Notice,
): { episodes: Episode[]; rows: Array<LedgerRow | null>; digest: string } {
  const read = loadEpisodes(args.logs, { format: args.format, strict: args.strict, includeAborted: args.includeAborted, onNotice });
  const episodes: Episode[] = [];
  const rows: Array<LedgerRow | null> = [];
  const digester = new CorpusDigester();
  for (const e of read) {
    const admitted = sources ? sources.admit(e) : { episode: e, ledger: null };
    if (!admitted) continue;
    digester.add(e);
    episodes.push(admitted.episode);
    rows.push(admitted.ledger);
  }
  sources?.finish();
  if (episodes.length === 0)
    throw new Error(`${args.logs.join(', ')}: expected at least one usable episode to apply the gate to, found none`);
  return { episodes, rows, digest: digester.digest() };
}

async function applyHeld(args: ApplyArgs, argv: string[], onNotice: Notice): Promise<ApplyReport> {
  const deployDir = dirname(args.deploy!);
  const fingerprintFile = join(deployDir, FINGERPRINT);
  const hasFingerprint = existsSync(fingerprintFile);
  // deploy.json, pipeline.json and (when there) fingerprint.json must be what the calibration wrote
  const gate = resolveGate(args, hasFingerprint ? [fingerprintFile] : []);
  if (gate.notice !== null) onNotice(`carb: ${gate.notice}`);
  const manifestFile = join(deployDir, 'manifest.json');
  const calibration = readManifestFile(manifestFile) as ReturnType<typeof readManifestFile> & { command?: { argv?: unknown } };
  if (!hasFingerprint && calibration.outputs?.[FINGERPRINT] !== undefined)
    throw new Error(`${fingerprintFile}: expected the ${FINGERPRINT} ${manifestFile} lists in its outputs, found no file`);
  const fingerprint: Fingerprint | null = hasFingerprint ? readFingerprint(fingerprintFile) : null;
  const row = gate.row!.row;
  const { pipeline, sources } = runSources(gate.pipeline, args, onNotice);
  const { episodes, rows, digest } = appliedEpisodes(args, sources, onNotice);
  const by = (fingerprint?.by ?? null) as StratumField | null;
  const { applied, summary, shift, shiftNote } = applyDeployedGate({
    episodes,
    ledgerRows: rows,
    pipeline,
    selector: gate.selector,
    gridIndex: gate.gridIndex!,
    row,
    fingerprint,
    deployFile: args.deploy!,
    fingerprintFile,
    stratumOf: by ? (ep) => ep.source[by] ?? NO_STRATUM_VALUE : null,
    shift: { permutations: args.permutations, seed: String(args.seed), level: args.delta },
  });
  const calibrationArgv = Array.isArray(calibration.command?.argv) ? (calibration.command.argv as string[]) : null;
  const recalibrate = calibrationArgv
    ? recalibrateCommand(calibrationArgv, args.logs, `${deployDir}-recalibrated`)
    : `(${manifestFile} records no command argv)`;
  const report: ApplyReport = { gate: gate.description, alpha: row.alpha, summary, shift, shiftNote, recalibrate };
  const files = new Map<string, string | Uint8Array>([
    ['episodes.arrow', appliedArrow(applied)],
    ['episodes.csv', appliedCsv(applied)],
    ['summary.json', summaryJsonText(gate, report)],
  ]);
  const listed = ['episodes.arrow', 'episodes.csv', 'summary.json', 'manifest.json'];
  files.set('index.html', applyHtml(report, `carb apply: ${row.method} at α ${row.alpha} on ${args.logs.join(', ')}`, listed));
  files.set(
    'manifest.json',
    applyManifestText(args, argv, { manifestFile, pipelineHash: row.pipelineHash }, { episodes: episodes.length, digest }, files),
  );
  await writeOutputFolder(args.out, APPLY_RULE, files);
  return report;
}

/** manifest.json of `carb apply`: the invocation, the calibration it applied (pinned by SHA-256), the logs read and every output's SHA-256. */
function applyManifestText(
  args: ApplyArgs,
  argv: string[],
  calibration: { manifestFile: string; pipelineHash: string },
  corpus: { episodes: number; digest: string },
  files: ReadonlyMap<string, string | Uint8Array>,
): string {
  const sha = (d: string | Uint8Array) => createHash('sha256').update(d).digest('hex');
  const manifest = {
    carbVersion: CARB_VERSION,
    command: { argv },
    deploy: {
      file: args.deploy,
      sha256: sha(readFileSync(args.deploy!)),
      manifestSha256: sha(readFileSync(calibration.manifestFile)),
      pipelineHash: calibration.pipelineHash,
    },
    corpus,
    outputs: Object.fromEntries([...files].map(([n, d]) => [n, sha(d)])),
  };
  return `${JSON.stringify(JSON.parse(canonicalJson(manifest)), null, 2)}\n`;
}

/** summary.json of `carb apply`: the deployed row, the per-stratum summary, the shift check (its martingale's alarm and maximum only). */
function summaryJsonText(resolved: ResolvedGate, r: ApplyReport): string {
  const row = resolved.row!.row;
  const lambda = row.lambdaIndex < 0 ? null : lambdaText(resolved.pipeline, row.lambdaIndex);
  const gate = {
    method: row.method,
    alpha: row.alpha,
    stratum: row.stratum,
    guarantee: row.guarantee,
    lambda,
    gridIndex: resolved.gridIndex!,
  };
  const { summary, shift, shiftNote, recalibrate } = r;
  return `${JSON.stringify(
    {
      gate,
      summary,
      shift: shift ? { ...shift, martingale: { alarmAt: shift.martingale.alarmAt, max: shift.martingale.max } } : null,
      shiftNote,
      recalibrate,
    },
    null,
    2,
  )}\n`;
}
