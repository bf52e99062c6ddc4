import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './shared.ts';

// A `carb calibrate` on CES clean killed while it writes its report (atomic-report.test.ts and its .full variant).

/** SHA-256 of bytes, hex. */
export const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Every file under `dir` → its SHA-256 (the bytes a reader would see). */
export function snapshot(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(out, snapshot(dir, rel));
    else out[rel] = sha(readFileSync(join(dir, rel)));
  }
  return out;
}

/** `carb …` as a user runs it (its own process); resolves to the exit code, stderr shown on failure. */
export function carb(argv: string[]): number {
  const r = spawnSync(process.execPath, [join(ROOT, 'packages/cli/bin/carb.js'), ...argv], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) process.stderr.write(r.stderr);
  return r.status ?? -1;
}

export const calibrate = (splits: number, out: string) => [
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

/**
 * Runs `carb calibrate` in a child writing `out` (a folder in `tmp`), kills it with `signal` mid-write, and resolves to
 * how it ended and the staging folders in `tmp` at the kill.
 */
export async function killMidWrite(
  tmp: string,
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
