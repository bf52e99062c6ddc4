import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printable } from '@carb/io';
import { withoutOut } from '../argv.ts';
import type { VerifyArgs } from './verify.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const short = (h: string) => `${h.slice(0, 12)}…`;

/** Every file under `dir`, as "/"-joined paths relative to it, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...filesUnder(dir, rel));
    else out.push(rel);
  }
  return out;
}

/**
 * One line per file of `dir` that differs from `expected` (relative path → SHA-256):
 * changed, missing or not listed. `manifest.json` itself is expected and not hashed here.
 */
function folderProblems(dir: string, expected: Record<string, string>): string[] {
  const present = filesUnder(dir).filter((f) => f !== 'manifest.json');
  const problems: string[] = [];
  for (const [file, hash] of Object.entries(expected)) {
    const path = join(dir, file);
    if (!existsSync(path)) { problems.push(`${path}: missing (listed in the manifest)`); continue; }
    const now = sha256(readFileSync(path));
    if (now !== hash) problems.push(`${path}: changed (manifest sha256 ${short(hash)}, file sha256 ${short(now)})`);
  }
  for (const f of present) if (!(f in expected)) problems.push(`${join(dir, f)}: extra file, not listed in the manifest`);
  return problems;
}

/** `carb verify`, once its options have passed. */
export async function run(args: VerifyArgs): Promise<void> {
  const manifestFile = join(args.dir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile}: expected a carb manifest, found no file`);
  const bytes = readFileSync(manifestFile);
  const manifestHash = sha256(bytes);
  process.stdout.write(`manifest sha256 ${manifestHash}\n`);
  const expectHash = args['expect-manifest-hash'];
  if (expectHash && expectHash !== manifestHash) {
    process.stderr.write(`${manifestFile}: expected sha256 ${expectHash} (--expect-manifest-hash), found ${manifestHash}\n`);
    process.stdout.write('verify: manifest is not the pinned one; not re-run\n');
    process.exitCode = 1;
    return;
  }
  let manifest: { command?: { argv?: string[] }; outputs?: Record<string, string> };
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new Error(`${manifestFile}: expected JSON, found a parse error (${(e as Error).message})`);
  }
  const argv = manifest.command?.argv;
  const outputs = manifest.outputs;
  if (!argv?.length || !outputs) throw new Error(`${manifestFile}: expected command.argv and outputs, found keys ${JSON.stringify(Object.keys(manifest))}`);
  const total = Object.keys(outputs).length;

  // the folder as it stands first: an edited, deleted or foreign file is named without re-running anything
  const problems = folderProblems(args.dir, outputs);
  if (problems.length) {
    for (const p of problems) process.stderr.write(`${printable(p)}\n`);
    process.stdout.write(`verify: ${problems.length} file(s) of ${args.dir} differ from its manifest (${total} outputs listed); not re-run\n`);
    process.exitCode = 1;
    return;
  }

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
    const rerun = folderProblems(tmp, outputs).map((p) => `re-run ${p.slice(tmp.length + 1)}`);
    const rerunManifest = readFileSync(join(tmp, 'manifest.json'));
    if (!rerunManifest.equals(bytes)) rerun.push(`re-run manifest.json: differs from ${manifestFile} (sha256 ${short(sha256(rerunManifest))} vs ${short(manifestHash)})`);
    for (const b of rerun) process.stderr.write(`${printable(b)}\n`);
    if (rerun.length) {
      process.stdout.write(`verify: the re-run differs in ${rerun.length} file(s) of ${total + 1}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`verify: all ${total} outputs and manifest.json match the folder and the re-run\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
