import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CorpusDigester, type Episode } from '@carb/episodes';
import { canonicalJson, printable, writeOutputFolder } from '@carb/io';
import { ledgerTrace } from '@carb/ledger';
import { formatScore, scoreValue } from '@carb/pipeline';
import { mergeLedgerRow, replayFused } from '@carb/replay';
import {
  appliedArrow, appliedCsv, appliedEpisode, applyHtml, applyReportLines, applySummary, countTools, readFingerprint, recalibrateCommand, shiftCheck,
  type AppliedEpisode, type ApplyReport, type Fingerprint,
} from '@carb/deploy';
import { invocation } from '../argv.ts';
import { holdingOutput } from '../holdingOutput.ts';
import { loadEpisodes } from '../loadEpisodes.ts';
import { readManifestFile } from '../manifestFile.ts';
import { NO_STRATUM_VALUE, type StratumField } from '../replayInput.ts';
import { runSources } from '../scoresAndEvents.ts';
import { lambdaText, resolveGate } from '../gate/resolveGate.ts';
import type { LedgerRow } from '../ledgerEvents.ts';
import { CARB_VERSION } from './version.ts';
import { APPLY_RULE } from './applyTarget.ts';
import type { ApplyArgs } from './apply.ts';

const FINGERPRINT = 'fingerprint.json';

/** `carb apply`, once its options have passed. */
export async function run(args: ApplyArgs): Promise<void> {
  await holdingOutput(args.out, () => apply(args));
}

/** The ledger events an episode's executed prefix can register: built-in trace events and the first steps its sources add. */
function ledgerEventsOf(builtIn: ReadonlyArray<{ step: number; category: string }>, row: LedgerRow | null): Array<{ step: number; category: string }> {
  const own = row === null || row.keep ? [...builtIn] : [];
  if (row) {
    for (const [category, step] of Object.entries({ ...row.steps.firstStep, ...(row.steps.customFirstStep ?? {}) })) if (step >= 0) own.push({ step, category });
  }
  return own.sort((a, b) => a.step - b.step || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
}

async function apply(args: ApplyArgs): Promise<void> {
  const deployDir = dirname(args.deploy!);
  const fingerprintFile = join(deployDir, FINGERPRINT);
  const hasFingerprint = existsSync(fingerprintFile);
  // deploy.json, pipeline.json and (when there) fingerprint.json must be what the calibration wrote
  const gate = resolveGate(args, hasFingerprint ? [fingerprintFile] : []);
  if (gate.notice !== null) process.stderr.write(`carb: ${gate.notice}\n`);
  const manifestFile = join(deployDir, 'manifest.json');
  const calibration = readManifestFile(manifestFile) as ReturnType<typeof readManifestFile> & { command?: { argv?: unknown } };
  if (!hasFingerprint && calibration.outputs?.[FINGERPRINT] !== undefined) throw new Error(`${fingerprintFile}: expected the ${FINGERPRINT} ${manifestFile} lists in its outputs, found no file`);
  const fingerprint: Fingerprint | null = hasFingerprint ? readFingerprint(fingerprintFile) : null;
  const row = gate.row!.row;
  const g = gate.gridIndex!;
  const { pipeline, sources } = runSources(gate.pipeline, args);
  const read = loadEpisodes(args.logs, { format: args.format, strict: args.strict, includeAborted: args['include-aborted'] });
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
  if (episodes.length === 0) throw new Error(`${args.logs.join(', ')}: expected at least one usable episode to apply the gate to, found none`);
  const traces = episodes.map((e) => ledgerTrace(e, pipeline));
  const scores: Array<{ text: string[]; values: number[] }> = [];
  // one fused replay pass (the same breakpoint table carb replay writes), keeping each episode's scores
  const [table] = replayFused(episodes, pipeline, [{ method: gate.selector, selector: pipeline.selector }], {
    traces,
    onScored: (_e, [s]) => scores.push({ text: s!.scores.map(formatScore), values: s!.scores.map(scoreValue) }),
  });
  rows.forEach((r, e) => { if (r) mergeLedgerRow(table!, e, r.steps, r.keep); });
  const by = (fingerprint?.by ?? null) as StratumField | null;
  const applied: AppliedEpisode[] = episodes.map((ep, e) => appliedEpisode(table!, e, g, {
    stratum: by ? ep.source[by] ?? NO_STRATUM_VALUE : 'all',
    scores: scores[e]!.text, scoreValues: scores[e]!.values,
    events: ledgerEventsOf(traces[e]!.events, rows[e]!),
  }));
  const summary = applySummary(applied, row.alpha);
  let shift: ApplyReport['shift'] = null;
  let shiftNote: string | null = null;
  const reference = fingerprint?.runsFrom[row.method];
  if (!fingerprint) shiftNote = `no ${FINGERPRINT} beside ${args.deploy} (a calibration by an earlier carb): recalibrate to get one; the logs were not compared with the calibration`;
  else if (reference === undefined) shiftNote = `${fingerprintFile} has no first-stop indices for ${row.method}`;
  else if (fingerprint.grid !== table!.G) shiftNote = `${fingerprintFile}: grid of ${fingerprint.grid} points, expected the pipeline's ${table!.G}`;
  else {
    const inStratum = row.stratum === 'all' || fingerprint.strata === null ? reference : reference.filter((_, e) => fingerprint.strata![e] === row.stratum);
    shift = shiftCheck({
      calibration: inStratum,
      fresh: episodes.map((ep, e) => ({ stratum: applied[e]!.stratum, runsFrom: applied[e]!.runsFrom, tools: countTools(ep, new Map()) })),
      vocabulary: fingerprint.tools, grid: fingerprint.grid, permutations: args.permutations, seed: String(args.seed), level: args.delta,
    });
  }
  const argv = Array.isArray(calibration.command?.argv) ? (calibration.command!.argv as string[]) : null;
  const recalibrate = argv ? recalibrateCommand(argv, args.logs, `${deployDir}-recalibrated`) : `(${manifestFile} records no command argv)`;
  const report: ApplyReport = {
    gate: `${gate.description}`, alpha: row.alpha, summary, shift, shiftNote, recalibrate,
  };
  const arrow = appliedArrow(applied);
  const summaryJson = `${JSON.stringify({
    gate: { method: row.method, alpha: row.alpha, stratum: row.stratum, guarantee: row.guarantee, lambda: row.lambdaIndex < 0 ? null : lambdaText(gate.pipeline, row.lambdaIndex), gridIndex: g },
    summary,
    shift: shift ? { ...shift, martingale: { alarmAt: shift.martingale.alarmAt, max: shift.martingale.max } } : null,
    shiftNote, recalibrate,
  }, null, 2)}\n`;
  const files = new Map<string, string | Uint8Array>([['episodes.arrow', arrow], ['episodes.csv', appliedCsv(applied)], ['summary.json', summaryJson]]);
  const listed = ['episodes.arrow', 'episodes.csv', 'summary.json', 'manifest.json'];
  files.set('index.html', applyHtml(report, `carb apply: ${row.method} at α ${row.alpha} on ${args.logs.join(', ')}`, listed));
  const sha = (d: string | Uint8Array) => createHash('sha256').update(d).digest('hex');
  const outputs = Object.fromEntries([...files].map(([n, d]) => [n, sha(d)]));
  const manifest = {
    carbVersion: CARB_VERSION,
    command: { argv: invocation() },
    deploy: { file: args.deploy, sha256: sha(readFileSync(args.deploy!)), manifestSha256: sha(readFileSync(manifestFile)), pipelineHash: row.pipelineHash },
    corpus: { episodes: episodes.length, digest: digester.digest() },
    outputs,
  };
  files.set('manifest.json', `${JSON.stringify(JSON.parse(canonicalJson(manifest)), null, 2)}\n`);
  await writeOutputFolder(args.out, APPLY_RULE, files);
  for (const line of applyReportLines(report)) process.stdout.write(`${printable(line)}\n`);
  process.stdout.write(`report: ${join(args.out, 'index.html')}\n`);
}
