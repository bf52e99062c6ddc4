import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printable } from '@carb/io';
import { withoutOut } from '../argv.ts';
import { sha256Hex } from '@carb/io';
import { manifestProblems } from '@carb/deploy';
import { corpusChanges } from '@carb/jobs';
import { folderProblems, short } from '@carb/jobs';
import { inputProblems } from '@carb/jobs';
import { reportCommandProblem } from '@carb/jobs';
import type { VerifyArgs } from './verify.ts';

/** `carb verify`, once its options have passed. */
export async function run(args: VerifyArgs): Promise<void> {
  const manifestFile = join(args.dir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile}: expected a carb manifest, found no file`);
  if (lstatSync(manifestFile).isSymbolicLink()) throw new Error(`${manifestFile}: expected the manifest carb wrote in ${args.dir}, found a symlink (not followed)`);
  const bytes = readFileSync(manifestFile);
  const manifestHash = sha256Hex(bytes);
  process.stdout.write(`manifest sha256 ${manifestHash}\n`);
  const expectHash = args['expect-manifest-hash'];
  if (expectHash && expectHash !== manifestHash) {
    process.stderr.write(`${manifestFile}: expected sha256 ${expectHash} (--expect-manifest-hash), found ${manifestHash}\n`);
    process.stdout.write('verify: manifest is not the pinned one; not re-run\n');
    process.exitCode = 1;
    return;
  }
  let manifest: { command?: { argv?: unknown }; outputs?: Record<string, string>; inputs?: unknown };
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new Error(`${manifestFile}: expected JSON, found a parse error (${(e as Error).message})`);
  }
  const shape = manifestProblems(manifestFile, manifest);
  if (shape.length) throw new Error(shape.join('\n'));
  const argv = manifest.command?.argv;
  const outputs = manifest.outputs;
  if (manifest === null || typeof manifest !== 'object' || !Array.isArray(argv) || !argv.length || outputs === null || typeof outputs !== 'object') {
    throw new Error(`${manifestFile}: expected command.argv and outputs, found keys ${JSON.stringify(Object.keys(manifest ?? {}))}`);
  }
  // a manifest is data: only carb's own report commands are re-run from it
  const foreign = reportCommandProblem(manifestFile, argv);
  if (foreign) throw new Error(foreign);
  const total = Object.keys(outputs).length;

  // the folder as it stands first: an edited, deleted or foreign file is named without re-running anything
  const { problems, nested } = folderProblems(args.dir, outputs);
  if (nested.length) process.stdout.write(printable(`verify: skipped ${nested.length} nested carb output folder(s): ${nested.map((n) => join(args.dir, n)).join(', ')}`) + '\n');
  if (problems.length) {
    for (const p of problems) process.stderr.write(`${printable(p)}\n`);
    process.stdout.write(`verify: ${problems.length} file(s) of ${args.dir} differ from its manifest (${total} outputs listed); not re-run\n`);
    process.exitCode = 1;
    return;
  }
  // then the input files the manifest records: a changed one is named, not re-run
  const changed = inputProblems(manifestFile, manifest.inputs);
  if (changed.length) {
    for (const p of changed) process.stderr.write(`${p}\n`);
    process.stdout.write(`verify: ${changed.length} input(s) of ${manifestFile} changed since the report; not re-run\n`);
    process.exitCode = 1;
    return;
  }

  await rerunAndCompare(args.dir, manifestFile, argv as string[], outputs, bytes, manifestHash);
}

/**
 * Re-runs the manifest's command into a temporary folder and compares every output and the
 * manifest with the folder's: one line per difference on stderr, the verdict on stdout.
 */
async function rerunAndCompare(dir: string, manifestFile: string, argv: string[], outputs: Record<string, string>, bytes: Buffer, manifestHash: string): Promise<void> {
  const total = Object.keys(outputs).length;
  const tmp = mkdtempSync(join(tmpdir(), 'carb-verify-'));
  try {
    const { main } = await import('../main.ts');
    // the re-run's own table and report path would read as this command's result; its problems still reach stderr
    const write = process.stdout.write;
    process.stdout.write = (() => true) as typeof process.stdout.write;
    let code: number;
    try {
      code = await main([...withoutOut(argv), '--out', tmp]);
    } finally {
      process.stdout.write = write;
    }
    if (code !== 0) throw new Error(`re-running "carb ${argv.join(' ')}" exited with ${code}`);
    const rerun = [...corpusChanges(dir, tmp, outputs), ...folderProblems(tmp, outputs).problems.map((p) => `re-run ${p.slice(tmp.length + 1)}`)];
    const rerunManifest = readFileSync(join(tmp, 'manifest.json'));
    if (!rerunManifest.equals(bytes)) rerun.push(`re-run manifest.json: differs from ${manifestFile} (sha256 ${short(sha256Hex(rerunManifest))} vs ${short(manifestHash)})`);
    for (const b of rerun) process.stderr.write(`${printable(b)}\n`);
    if (rerun.length) {
      process.stdout.write(`verify: the re-run differs from ${dir} (${rerun.length} finding(s); ${total + 1} files compared)\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`verify: all ${total} outputs and manifest.json match the folder and the re-run\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
