import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { manifestProblems } from '@carb/deploy';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@carb/io';
import { corpusChanges } from './corpusChanges.ts';
import { folderProblems, short } from './folderProblems.ts';
import { inputProblems } from './inputs.ts';
import { reportCommandProblem } from './reportCommand.ts';

/** The choices of `carb verify`, named as its flags. */
export interface VerifyArgs {
  dir: string;
  expectManifestHash?: string;
}

/**
 * Where `carb verify` stopped: at the pin, at the folder as it stands, at the recorded inputs, or
 * after the re-run; `findings` (one line each) are the differences, none when the report holds.
 */
export interface VerifyResult {
  stage: 'pin' | 'folder' | 'inputs' | 'rerun';
  findings: string[];
  /** Outputs the manifest lists. */
  total: number;
  manifestFile: string;
}

/** What verify needs from the command line: a way to run carb (its exit code), and where the manifest's digest goes first. */
export interface VerifyEnvironment {
  /** Runs the report command `argv` (as the manifest records it) writing to `out`. */
  rerun: (argv: string[], out: string) => Promise<number>;
  manifestHash: (sha256: string) => void;
  /** Nested carb output folders the folder check skipped (relative to the report folder), told before the re-run. */
  nestedSkipped: (nested: readonly string[]) => void;
}

/** manifest.json as parsed: any JSON, so every field is checked before it is used. */
type Manifest = { command?: { argv?: unknown }; outputs?: unknown; inputs?: unknown } | null;

/** The manifest's bytes and digest (told before anything else can fail); an error when it is missing or a symlink. */
function readManifest(manifestFile: string, dir: string, env: VerifyEnvironment): { bytes: Buffer; hash: string } {
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile}: expected a carb manifest, found no file`);
  if (lstatSync(manifestFile).isSymbolicLink())
    throw new Error(`${manifestFile}: expected the manifest carb wrote in ${dir}, found a symlink (not followed)`);
  const bytes = readFileSync(manifestFile);
  const hash = sha256Hex(bytes);
  env.manifestHash(hash);
  return { bytes, hash };
}

/** The manifest parsed; an error naming the parse failure. */
function parseManifest(manifestFile: string, bytes: Buffer): Manifest {
  try {
    return JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch (e) {
    throw new Error(`${manifestFile}: expected JSON, found a parse error (${(e as Error).message})`);
  }
}

/**
 * `carb verify`: a report folder checked against its manifest (pinned digest, files as they stand,
 * recorded inputs), then its command re-run into a temporary folder and compared byte for byte.
 */
export async function verify(args: VerifyArgs, env: VerifyEnvironment): Promise<VerifyResult> {
  const manifestFile = join(args.dir, 'manifest.json');
  const { bytes, hash } = readManifest(manifestFile, args.dir, env);
  const pin = args.expectManifestHash;
  const result = (stage: VerifyResult['stage'], findings: string[], total = 0): VerifyResult => ({ stage, findings, total, manifestFile });
  if (pin && pin !== hash) return result('pin', [`${manifestFile}: expected sha256 ${pin} (--expect-manifest-hash), found ${hash}`]);
  const manifest = parseManifest(manifestFile, bytes);
  // its shape against configs/schema/manifest.schema.json first: one line per problem, nothing run
  const shape = manifestProblems(manifestFile, manifest);
  if (shape.length) throw new Error(shape.join('\n'));
  const argv = manifest?.command?.argv;
  const outputs = manifest?.outputs;
  if (manifest === null || !Array.isArray(argv) || !argv.length || outputs === null || typeof outputs !== 'object') {
    throw new Error(`${manifestFile}: expected command.argv and outputs, found keys ${JSON.stringify(Object.keys(manifest ?? {}))}`);
  }
  // a manifest is data: only carb's own report commands are re-run from it
  const foreign = reportCommandProblem(manifestFile, argv);
  if (foreign) throw new Error(foreign);
  const total = Object.keys(outputs).length;
  const listed = outputs as Record<string, string>;
  // the folder as it stands first: an edited, deleted or foreign file is named without re-running anything
  const { problems, nested } = folderProblems(args.dir, listed);
  if (nested.length) env.nestedSkipped(nested);
  if (problems.length) return result('folder', problems, total);
  // then the input files the manifest records: a changed one is named, not re-run
  const changed = inputProblems(manifestFile, manifest.inputs);
  if (changed.length) return result('inputs', changed, total);
  return result('rerun', await rerunFindings(args.dir, { manifestFile, argv: argv as string[], outputs: listed, bytes, hash }, env), total);
}

/** Re-runs the manifest's command into a temporary folder: one finding per output or manifest byte that differs. */
async function rerunFindings(
  dir: string,
  m: { manifestFile: string; argv: string[]; outputs: Record<string, string>; bytes: Buffer; hash: string },
  env: VerifyEnvironment,
): Promise<string[]> {
  const tmp = mkdtempSync(join(tmpdir(), 'carb-verify-'));
  try {
    const code = await env.rerun(m.argv, tmp);
    // the command's relative paths are read from where verify runs, which the manifest does not record
    if (code !== 0)
      throw new Error(
        `re-running "carb ${m.argv.join(' ')}" in ${process.cwd()} exited with ${code}; verify re-runs a report's command in the folder it is run from, so run it where the report was made`,
      );
    const rerun = [
      ...corpusChanges(dir, tmp, m.outputs),
      ...folderProblems(tmp, m.outputs).problems.map((p) => `re-run ${p.slice(tmp.length + 1)}`),
    ];
    const rerunManifest = readFileSync(join(tmp, 'manifest.json'));
    if (!rerunManifest.equals(m.bytes))
      rerun.push(`re-run manifest.json: differs from ${m.manifestFile} (sha256 ${short(sha256Hex(rerunManifest))} vs ${short(m.hash)})`);
    return rerun;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
