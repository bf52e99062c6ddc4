import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDirAtomic } from '@carb/io';
import { ROOT } from './helpers/shared.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-atomic-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Every file under `dir` → its SHA-256 (the bytes a reader would see). */
function snapshot(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(out, snapshot(dir, rel));
    else out[rel] = sha(readFileSync(join(dir, rel)));
  }
  return out;
}

/** `carb …` as a user runs it (its own process); resolves to the exit code, stderr shown on failure. */
function carb(argv: string[]): number {
  const r = spawnSync(process.execPath, [join(ROOT, 'packages/cli/bin/carb.js'), ...argv], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) process.stderr.write(r.stderr);
  return r.status ?? -1;
}

const calibrate = (splits: number, out: string) => [
  'calibrate',
  join(ROOT, 'corpora/ces-clean.jsonl'),
  '--methods',
  'no-guard,g-carb',
  '--splits',
  String(splits),
  '--no-frontier',
  '--out',
  out,
];

/**
 * Preloaded into the child: after the second file written into a staging folder it
 * drops a marker and holds until the test says go, so the kill lands mid-write
 * deterministically (the hold only widens the window; nothing is timed).
 */
const HOOK = `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const { CARB_HOOK_MARKER: marker, CARB_HOOK_GO: go } = process.env;
const write = fs.writeFileSync;
let n = 0;
fs.writeFileSync = function (file, ...rest) {
  const r = write.call(this, file, ...rest);
  if (typeof file === 'string' && file.includes('.carb-staging-') && ++n === 2) {
    write(marker, String(process.pid));
    const cell = new Int32Array(new SharedArrayBuffer(4));
    for (let i = 0; i < 6000 && !fs.existsSync(go); i++) Atomics.wait(cell, 0, 0, 20);
  }
  return r;
};
syncBuiltinESMExports();
`;

/** Runs `carb calibrate` in a child, kills it with `signal` mid-write, and resolves to how it ended. */
async function killMidWrite(
  out: string,
  signal: NodeJS.Signals,
  name: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; staging: string[] }> {
  const hook = join(tmp, 'hook.mjs');
  writeFileSync(hook, HOOK);
  const marker = join(tmp, `${name}.marker`);
  const go = join(tmp, `${name}.go`);
  const child = spawn(process.execPath, ['--import', hook, join(ROOT, 'packages/cli/bin/carb.js'), ...calibrate(3, out)], {
    cwd: ROOT,
    env: { ...process.env, CARB_HOOK_MARKER: marker, CARB_HOOK_GO: go },
    stdio: 'ignore',
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.on('exit', (code, sig) => res({ code, signal: sig })),
  );
  for (let i = 0; i < 1200 && !existsSync(marker) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 50));
  expect(existsSync(marker), 'the child reached the second staged file').toBe(true);
  const staging = readdirSync(tmp).filter((f) => f.includes('.carb-staging-'));
  child.kill(signal);
  writeFileSync(go, '');
  return { ...(await ended), staging };
}

describe('an interrupted carb calibrate leaves the previous report as it was', () => {
  const out = join(tmp, 'report');
  let before: Record<string, string>;
  beforeAll(() => {
    expect(carb(calibrate(2, out))).toBe(0);
    before = snapshot(out);
  }, 120_000);

  it('has a report to protect (13 files, the carb output marker and the fingerprint among them)', () => {
    expect(Object.keys(before).sort()).toEqual([
      '.carb-output.json',
      'deploy.json',
      'fingerprint.json',
      'frontier.png',
      'frontier.svg',
      'index.html',
      'manifest.json',
      'paired.json',
      'pipeline.json',
      'splits.arrow',
      'splits.csv',
      'summary.json',
      'tables.md',
    ]);
  });

  it('SIGTERM mid-write: previous report byte-identical, staging folder removed, the process dies of the signal', async () => {
    const r = await killMidWrite(out, 'SIGTERM', 'term');
    expect(r.staging).toEqual([expect.stringMatching(/^\.report\.carb-staging-\d+$/)]);
    expect(r.signal).toBe('SIGTERM');
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(tmp).filter((f) => f.startsWith('.'))).toEqual([]);
  }, 120_000);

  it('SIGKILL mid-write: previous report byte-identical; the stale staging folder is removed by the next run', async () => {
    const r = await killMidWrite(out, 'SIGKILL', 'kill');
    expect(r.signal).toBe('SIGKILL');
    expect(snapshot(out)).toEqual(before);
    // nothing can run on SIGKILL: the hidden staging folder and the run's lock stay until the next write to the same folder
    expect(
      readdirSync(tmp)
        .filter((f) => f.startsWith('.'))
        .sort(),
    ).toEqual([...r.staging, '.report.carb-lock'].sort());
    expect(carb(calibrate(2, out))).toBe(0);
    expect(readdirSync(tmp).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(snapshot(out)).toEqual(before);
  }, 120_000);

  it('a completed overwrite replaces the whole folder: no file of the old report survives beside the new manifest', () => {
    // a file left there by hand is not carb's to delete: the run is refused first, the file kept
    writeFileSync(join(out, 'stray.txt'), 'left by hand\n');
    expect(carb(calibrate(3, out))).toBe(2);
    expect(readFileSync(join(out, 'stray.txt'), 'utf8')).toBe('left by hand\n');
    rmSync(join(out, 'stray.txt'));
    expect(carb(calibrate(3, out))).toBe(0);
    const after = snapshot(out);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(after['summary.json']).not.toBe(before['summary.json']); // 3 splits, not 2
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { outputs: Record<string, string> };
    for (const [f, h] of Object.entries(manifest.outputs)) expect(after[f], f).toBe(h);
  }, 120_000);
});

describe('a folder that is not a carb report is refused before any work', () => {
  it('carb main --out <foreign folder>: exit 2, one line naming --out, the folder untouched', () => {
    const dir = join(tmp, 'thesis');
    mkdirSync(dir);
    writeFileSync(join(dir, 'thesis.tex'), 'mine\n');
    const r = spawnSync(process.execPath, [join(ROOT, 'packages/cli/bin/carb.js'), 'main', '--section', 'ces-clean', '--out', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `carb: --out: ${dir} is a non-empty folder carb did not write (no .carb-output.json); carb replaces only folders it wrote, so choose a new or empty one\n`,
    );
    expect(readdirSync(dir)).toEqual(['thesis.tex']);
    expect(readdirSync(tmp).filter((f) => f.startsWith('.'))).toEqual([]);
  }, 60_000);
});

describe('writeDirAtomic', () => {
  const files = (tag: string) =>
    new Map([
      ['a.txt', `a ${tag}\n`],
      ['sub/b.txt', `b ${tag}\n`],
    ]);

  it('a write that fails part-way leaves the previous folder and no debris', async () => {
    const dir = join(tmp, 'unit', 'fail');
    await writeDirAtomic(dir, files('old'));
    const old = snapshot(dir);
    function* failing(): Generator<[string, string]> {
      yield ['a.txt', 'a new\n'];
      throw new Error('render failed');
    }
    await expect(writeDirAtomic(dir, failing())).rejects.toThrow('render failed');
    expect(snapshot(dir)).toEqual(old);
    expect(readdirSync(join(tmp, 'unit'))).toEqual(['fail']);
  });

  it('refuses to replace a non-empty folder the caller does not recognise, touching nothing', async () => {
    const dir = join(tmp, 'unit', 'foreign');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'thesis.tex'), 'mine\n');
    await expect(writeDirAtomic(dir, files('new'), { replaceable: () => false })).rejects.toThrow(/refusing to replace a non-empty folder/);
    expect(readdirSync(dir)).toEqual(['thesis.tex']);
  });

  it('cleans up after a SIGKILLed run: its staging folder goes, a folder set aside mid-swap comes back', async () => {
    const parent = join(tmp, 'unit', 'stale');
    mkdirSync(parent, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid; // a pid that has exited
    // killed between the two renames: the target is gone, the previous report is set aside
    mkdirSync(join(parent, `.r.carb-previous-${dead}`));
    writeFileSync(join(parent, `.r.carb-previous-${dead}`, 'a.txt'), 'a previous\n');
    mkdirSync(join(parent, `.r.carb-staging-${dead}`));
    // the staging folder of another target is not this write's to sweep
    mkdirSync(join(parent, `.other.carb-staging-${dead}`));
    await expect(
      writeDirAtomic(
        join(parent, 'r'),
        (function* (): Generator<[string, string]> {
          // the sweep ran before the first file: the previous folder is back in place
          expect(readFileSync(join(parent, 'r', 'a.txt'), 'utf8')).toBe('a previous\n');
          yield ['a.txt', 'a new\n'];
        })(),
      ),
    ).resolves.toBeUndefined();
    expect(readFileSync(join(parent, 'r', 'a.txt'), 'utf8')).toBe('a new\n');
    expect(readdirSync(parent).sort()).toEqual([`.other.carb-staging-${dead}`, 'r']);
  }, 120_000);
});
