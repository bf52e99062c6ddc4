import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SweepRecord } from '@carb/sweep';
import { ROOT } from './helpers/shared.ts';
import { runCli } from '../packages/cli/test/runCli.ts';
import { TINY_AGGREGATES, shardCopy, snapshot, sweepUsageCases, writeTinySweep } from './helpers/sweepFixture.ts';

// `carb sweep` as a user runs it: its own process, exit status, stdout and stderr as a shell sees them.
// Shard runs that evaluate their conditions, and the usage errors in a child process, are in
// sweep-cli.full.test.ts; here shard folders are copies of one run and usage errors run in-process.
const BIN = join(ROOT, 'packages/cli/bin/carb.js');
const work = mkdtempSync(join(tmpdir(), 'carb-sweep-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const spec = writeTinySweep(work);

function carb(...argv: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...argv], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const record = (dir: string) => JSON.parse(readFileSync(join(dir, 'sweep.json'), 'utf8')) as SweepRecord;

/**
 * Preloaded into the child: after the first condition file is renamed into place it drops a
 * marker and holds until the test says go, so the signal lands while conditions are still to
 * run (the hold only widens the window; nothing is timed).
 */
const HOOK = `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const { CARB_HOOK_MARKER: marker, CARB_HOOK_GO: go } = process.env;
const rename = fs.renameSync;
let held = false;
fs.renameSync = function (from, to, ...rest) {
  const r = rename.call(this, from, to, ...rest);
  if (!held && marker && typeof to === 'string' && to.includes('/conditions/')) {
    held = true;
    fs.writeFileSync(marker, String(process.pid));
    const cell = new Int32Array(new SharedArrayBuffer(4));
    for (let i = 0; i < 6000 && !fs.existsSync(go); i++) Atomics.wait(cell, 0, 0, 20);
  }
  return r;
};
syncBuiltinESMExports();
`;

describe('carb sweep (child process)', () => {
  const one = join(work, 'one');
  let first: ReturnType<typeof carb>;
  beforeAll(() => {
    first = carb('sweep', spec, '--out', one, '--workers', '1');
    expect(first.status, first.stderr).toBe(0);
  }, 240_000);

  it('runs every condition, one stderr line each as it finishes, and prints where the tables are', () => {
    const r = record(one);
    expect(readdirSync(one).sort()).toEqual(['conditions', ...TINY_AGGREGATES].sort());
    expect(readdirSync(join(one, 'conditions')).sort()).toEqual(r.conditions.map((c) => `${c.hash}.json`).sort());
    // one worker: the conditions finish in spec order
    expect(first.stderr).toBe(r.conditions.map((c, k) => `sweep tiny: done ${c.name} (${c.hash.slice(0, 12)}) ${k + 1}/4\n`).join(''));
    expect(first.stdout).toBe(
      `sweep tiny: 4 conditions (4 evaluated, 0 skipped) in ${one}\ntable10: ${join(one, 'table10.json')}\nreport: ${join(one, 'index.html')}\n`,
    );
  });

  it('SIGINT after the first condition file, then a rerun: the rerun says what it skipped and the folder equals an uninterrupted run', async () => {
    const out = join(work, 'killed');
    const hook = join(work, 'hook.mjs');
    writeFileSync(hook, HOOK);
    const marker = join(work, 'kill.marker');
    const go = join(work, 'kill.go');
    const child = spawn(process.execPath, ['--import', hook, BIN, 'sweep', spec, '--out', out, '--workers', '1'], {
      cwd: ROOT,
      env: { ...process.env, CARB_HOOK_MARKER: marker, CARB_HOOK_GO: go },
      stdio: 'ignore',
    });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
      child.on('exit', (code, signal) => res({ code, signal })),
    );
    for (let i = 0; i < 4800 && !existsSync(marker) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(marker), 'the child stored its first condition').toBe(true);
    child.kill('SIGINT');
    writeFileSync(go, '');
    // the process dies of the signal, as an uninterrupted Ctrl-C would
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
    const stored = readdirSync(join(out, 'conditions'));
    // whole files only: no temporary (hidden) file, no aggregate before every condition is there
    expect(readdirSync(out).sort()).toEqual(['conditions', 'sweep.json']);
    expect(stored.every((f) => /^[0-9a-f]{64}\.json$/.test(f))).toBe(true);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.length).toBeLessThan(4);

    const again = carb('sweep', spec, '--out', out, '--workers', '2');
    expect(again.status, again.stderr).toBe(0);
    const done = record(out).conditions.filter((c) => stored.includes(`${c.hash}.json`));
    const skipped = again.stderr.split('\n').filter((l) => l.includes(' skipped '));
    expect(skipped).toEqual(done.map((c) => `sweep tiny: skipped ${c.name} (done, ${c.hash.slice(0, 12)})`));
    expect(again.stdout).toContain(`sweep tiny: 4 conditions (${4 - done.length} evaluated, ${done.length} skipped)`);
    expect(snapshot(out)).toEqual(snapshot(one));
  }, 240_000);

  it('merge joins two shard folders into the bytes of one run; the last shard into one shared folder writes the tables itself', () => {
    const shards = [0, 1].map((i) => shardCopy(one, join(work, `shard${i}`), i));
    const merged = join(work, 'merged');
    const m = carb('sweep', 'merge', ...shards, '--out', merged);
    expect(m.status, m.stderr).toBe(0);
    expect(m.stdout).toContain('sweep tiny: merged 4 conditions from 2 folders');
    expect(snapshot(merged)).toEqual(snapshot(one));

    const shared = join(work, 'shared');
    mkdirSync(join(shared, 'conditions'), { recursive: true });
    // the sweep record, as the first shard to start writes it (a folder without one is not a sweep's)
    cpSync(join(shards[0]!, 'sweep.json'), join(shared, 'sweep.json'));
    for (const dir of shards)
      for (const f of readdirSync(join(dir, 'conditions'))) cpSync(join(dir, 'conditions', f), join(shared, 'conditions', f));
    const last = carb('sweep', spec, '--out', shared, '--shard', '1/2');
    expect(last.status, last.stderr).toBe(0);
    expect(last.stdout).toContain('sweep tiny: shard 1/2: 2 conditions (0 evaluated, 2 skipped)');
    expect(snapshot(shared)).toEqual(snapshot(one));
  }, 120_000);

  it('merge refuses a stale condition file with one line naming it, exit 1, nothing written', () => {
    const a = shardCopy(one, join(work, 'stale0'), 0);
    const stale = join(a, 'conditions', `${'f'.repeat(64)}.json`);
    writeFileSync(stale, '{}\n');
    const out = join(work, 'merged-stale');
    const r = carb('sweep', 'merge', a, shardCopy(one, join(work, 'stale1'), 1), '--out', out);
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^carb: ${stale}: not a condition of sweep tiny`));
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('a rerun refuses a damaged stored result with one line naming it, exit 1, the file left as it was (not recomputed over)', () => {
    const dir = join(work, 'damaged');
    cpSync(one, dir, { recursive: true });
    const c = record(dir).conditions[1]!;
    const file = join(dir, 'conditions', `${c.hash}.json`);
    const torn = readFileSync(file, 'utf8').slice(0, 100);
    writeFileSync(file, torn);
    const r = carb('sweep', spec, '--out', dir, '--workers', '1');
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^carb: ${file}: expected a condition result \\(JSON\\), found a syntax error`));
    expect(readFileSync(file, 'utf8')).toBe(torn);
  }, 120_000);

  describe('usage errors exit 2 with one line and write nothing', () => {
    const out = join(work, 'never');
    const cases = sweepUsageCases(spec, work, one, out);
    for (const [what, argv, stderr] of cases) {
      it(`${what} (in-process)`, async () => {
        const r = await runCli(argv);
        expect({ status: r.code, stdout: r.out, stderr: r.err }).toEqual({ status: 2, stdout: '', stderr });
        expect(existsSync(out)).toBe(false);
      });
    }
  });
});
