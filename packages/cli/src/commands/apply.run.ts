import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CorpusDigester, type Episode } from '@carb/episodes';
import { canonicalJson, printable, writeOutputFolder } from '@carb/io';
import { appliedArrow, appliedCsv, applyDeployedGate, applyHtml, applyReportLines, readFingerprint, recalibrateCommand, type ApplyReport, type Fingerprint } from '@carb/deploy';
import { invocation } from '../argv.ts';
import { holdingOutput, loadEpisodes, NO_STRATUM_VALUE, runSources, CARB_VERSION, APPLY_RULE, type StratumField, type LedgerRow } from '@carb/jobs';
import { readManifestFile, lambdaText, resolveGate } from '@carb/deploy';
import type { ApplyArgs } from './apply.ts';

const FINGERPRINT = 'fingerprint.json';

/** `carb apply`, once its options have passed. */
export async function run(args: ApplyArgs): Promise<void> {
  await holdingOutput(args.out, () => apply(args));
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
  const by = (fingerprint?.by ?? null) as StratumField | null;
  const { applied, summary, shift, shiftNote } = applyDeployedGate({
    episodes, ledgerRows: rows, pipeline, selector: gate.selector, gridIndex: g, row, fingerprint,
    deployFile: args.deploy!, fingerprintFile,
    stratumOf: by ? (ep) => ep.source[by] ?? NO_STRATUM_VALUE : null,
    shift: { permutations: args.permutations, seed: String(args.seed), level: args.delta },
  });
  const argv = Array.isArray(calibration.command?.argv) ? (calibration.command!.argv as string[]) : null;
  const recalibrate = argv ? recalibrateCommand(argv, args.logs, `${deployDir}-recalibrated`) : `(${manifestFile} records no command argv)`;
  const report: ApplyReport = {
    gate: `${gate.description}`, alpha: row.alpha, summary, shift, shiftNote, recalibrate,
  };
  const arrow = appliedArrow(applied);
  const lambda = row.lambdaIndex < 0 ? null : lambdaText(gate.pipeline, row.lambdaIndex);
  const summaryJson = summaryJsonText({ method: row.method, alpha: row.alpha, stratum: row.stratum, guarantee: row.guarantee, lambda, gridIndex: g }, report);
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

/** summary.json of `carb apply`: the deployed row, the per-stratum summary, the shift check (its martingale's alarm and maximum only). */
function summaryJsonText(gate: Record<string, unknown>, r: ApplyReport): string {
  const { summary, shift, shiftNote, recalibrate } = r;
  return `${JSON.stringify({
    gate,
    summary,
    shift: shift ? { ...shift, martingale: { alarmAt: shift.martingale.alarmAt, max: shift.martingale.max } } : null,
    shiftNote, recalibrate,
  }, null, 2)}\n`;
}
