import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';
import { BIN, CES, calibrateArgv, userFolder as userFolderIn } from './helpers/outputRuleFixture.ts';
import { snapshot, writeTinySweep } from './helpers/sweepFixture.ts';

// Issue 21, "Data loss", the process-level half (output-rule.test.ts has the refusals): stale temporaries of
// killed runs, carb main beside other outputs, one writer per output, and no temporary files left by SIGINT.
// Here, in the exhaustive project, because each test starts and signals several carb processes.
const tmp = mkdtempSync(join(tmpdir(), 'carb-output-rule-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const userFolder = (name: string, files: Record<string, string>) => userFolderIn(tmp, name, files);
const calibrate = calibrateArgv;

/** Hidden files (temporaries, staging folders, locks) left under `dir`, recursively. */
function hidden(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.split('/').some((p) => p.startsWith('.') && p !== '.carb-output.json'),
  );
}

describe('stale temporary files of killed sweeps', () => {
  it('a sweep removes the temporary files a killed run left for its conditions, not other files', () => {
    const dir = join(tmp, 'sweep-stale');
    const spec = writeTinySweep(tmp);
    const sweep = () =>
      spawnSync(process.execPath, [BIN, 'sweep', spec, '--out', dir, '--workers', '1', '--only', 'baseline'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      });
    expect(sweep().status).toBe(0);
    const stored = readdirSync(join(dir, 'conditions'))[0]!;
    writeFileSync(join(dir, 'conditions', `.${stored}.999999-0123abcd.tmp`), 'half');
    writeFileSync(join(dir, 'conditions', '.other.json.999999-0123abcd.tmp'), "not this run's");
    expect(sweep().status).toBe(0);
    expect(readdirSync(join(dir, 'conditions')).sort()).toEqual(['.other.json.999999-0123abcd.tmp', stored]);
  }, 120_000);
});

describe('carb main (npm start) touches only the folders and files it writes', () => {
  const job = join(tmp, 'job.json');
  const out = join(tmp, 'main-out');
  beforeAll(() => {
    writeFileSync(
      job,
      JSON.stringify({
        title: 'output rule job',
        pipeline: 'configs/pipelines/default.json',
        out,
        sections: [{ slug: 'ces-clean', title: 'CES clean', corpus: 'corpora/ces-clean.jsonl', dataset: 'ces-clean', splits: 2 }],
      }),
    );
  });

  it('keeps out/own-logs (a calibrate report) and out/sweeps/table10 beside its own output, on a first and a repeated run', async () => {
    expect((await runCli(calibrate(join(out, 'own-logs')))).code).toBe(0);
    userFolder('main-out/sweeps/table10', { 'sweep.json': '{}\n', 'conditions/x.json': '{}\n' });
    const others = { own: snapshot(join(out, 'own-logs')), sweeps: snapshot(join(out, 'sweeps')) };
    for (let run = 0; run < 2; run++) {
      const r = await runCli(['main', '--root', ROOT, '--job', job]);
      expect(r.code, r.err).toBe(0);
      expect({ own: snapshot(join(out, 'own-logs')), sweeps: snapshot(join(out, 'sweeps')) }).toEqual(others);
      expect(existsSync(join(out, 'index.html'))).toBe(true);
      expect(existsSync(join(out, 'ces-clean', 'index.html'))).toBe(true);
      expect(hidden(out)).toEqual([]);
    }
  }, 120_000);

  it('refuses a top folder holding an index.html it did not write (exit 2), untouched', async () => {
    const dir = userFolder('main-site', { 'index.html': '<p>my site</p>\n' });
    const before = snapshot(dir);
    const r = await runCli(['main', '--root', ROOT, '--job', job, '--out', dir]);
    expect(r.code).toBe(2);
    expect(r.errLines).toEqual([expect.stringContaining(join(dir, 'index.html'))]);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);
});

describe('one writer per output', () => {
  it('a second carb calibrate on a folder another live run is writing is refused (exit 1, one line), the folder untouched', async () => {
    const dir = join(tmp, 'locked');
    expect((await runCli(calibrate(dir))).code).toBe(0);
    const before = snapshot(dir);
    // the other run: this test process, alive, holding the lock file beside the folder
    writeFileSync(join(tmp, '.locked.carb-lock'), `${process.pid} ${hostname()}\n`);
    try {
      const r = spawnSync(process.execPath, [BIN, ...calibrate(dir)], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining(dir)]);
      expect(r.stdout).not.toContain('manifest sha256');
      expect(snapshot(dir)).toEqual(before);
    } finally {
      rmSync(join(tmp, '.locked.carb-lock'));
    }
  }, 60_000);

  it('two runs started together on one --out: one writes the report, the other is refused (exit 1) and names nothing as its own', async () => {
    const dir = join(tmp, 'race');
    const argv = ['calibrate', CES, '--methods', 'no-guard,g-carb', '--splits', '40', '--no-frontier', '--out', dir];
    const run = () =>
      new Promise<{ code: number | null; out: string; err: string }>((res) => {
        const c = spawn(process.execPath, [BIN, ...argv], { cwd: ROOT });
        let out = '';
        let err = '';
        c.stdout.on('data', (d) => {
          out += String(d);
        });
        c.stderr.on('data', (d) => {
          err += String(d);
        });
        c.on('close', (code) => res({ code, out, err }));
      });
    const results = await Promise.all([run(), run()]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    const lost = results.find((r) => r.code === 1)!;
    expect(lost.err.trim().split('\n')).toEqual([expect.stringContaining(`${dir}: another carb run`)]);
    expect(lost.out).toBe('');
    const won = results.find((r) => r.code === 0)!;
    expect(won.out).toContain(
      `manifest sha256 ${createHash('sha256')
        .update(readFileSync(join(dir, 'manifest.json')))
        .digest('hex')}`,
    );
  }, 120_000);

  it('the lock of a run that died (SIGKILL) is taken over', async () => {
    const dir = join(tmp, 'stale-lock');
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(tmp, '.stale-lock.carb-lock'), `${dead} ${hostname()}\n`);
    expect((await runCli(calibrate(dir))).code).toBe(0);
    expect(existsSync(join(tmp, '.stale-lock.carb-lock'))).toBe(false);
  }, 60_000);
});

/** Spawns carb, waits until a hidden temporary file appears in `dir`, sends SIGINT; resolves to how it ended and what is left. */
async function interrupt(
  argv: string[],
  dir: string,
): Promise<{ signal: NodeJS.Signals | null; code: number | null; left: string[]; saw: string[] }> {
  mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, [BIN, ...argv], { cwd: ROOT, stdio: 'ignore' });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.on('exit', (code, signal) => res({ code, signal })),
  );
  let saw: string[] = [];
  for (let i = 0; i < 1200 && child.exitCode === null; i++) {
    saw = readdirSync(dir).filter((f) => f.endsWith('.tmp'));
    if (saw.length > 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGINT');
  const end = await ended;
  return { ...end, left: readdirSync(dir).filter((f) => f.startsWith('.')), saw };
}

describe('SIGINT while writing a file removes its temporary files', () => {
  const corpus = join(tmp, 'big', 'gb.jsonl');
  beforeAll(() => {
    const r = spawnSync(process.execPath, [BIN, 'suite', 'graph-braid', '--size', '10000', '--out', corpus], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
  }, 60_000);

  for (const name of ['x.jsonl', 'x.jsonl.gz']) {
    it(`carb ingest --out ${name}`, async () => {
      const dir = join(tmp, `ingest-int-${name}`);
      const r = await interrupt(['ingest', corpus, '--out', join(dir, name)], dir);
      expect(r.saw.length, 'a temporary file appeared before the signal').toBeGreaterThan(0);
      expect(r.signal).toBe('SIGINT');
      expect(r.left).toEqual([]);
      expect(existsSync(join(dir, name))).toBe(false);
    }, 60_000);
  }

  it('carb suite graph-braid', async () => {
    const dir = join(tmp, 'suite-int');
    const r = await interrupt(['suite', 'graph-braid', '--size', '50000', '--out', join(dir, 'gb.jsonl')], dir);
    expect(r.saw.length, 'a temporary file appeared before the signal').toBeGreaterThan(0);
    expect(r.signal).toBe('SIGINT');
    expect(r.left).toEqual([]);
  }, 60_000);

  it('temporary files a killed ingest left are removed by the next ingest of the same file', async () => {
    const dir = userFolder('stale-temps', {
      '.x.jsonl.999999-0123abcd.body.tmp': 'half\n',
      '.x.jsonl.999999-0123abcd.tmp': 'half\n',
      '.other.jsonl.999999-0123abcd.tmp': 'not ours\n',
    });
    expect((await runCli(['ingest', CES, '--out', join(dir, 'x.jsonl')])).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['.other.jsonl.999999-0123abcd.tmp', 'x.jsonl']);
  }, 60_000);
});
