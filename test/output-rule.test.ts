import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT, SHARED, hasShared } from './helpers/shared.ts';
import { BIN, CES, calibrateArgv, userFolder as userFolderIn } from './helpers/outputRuleFixture.ts';
import { snapshot, writeTinySweep } from './helpers/sweepFixture.ts';

// Issue 21, "Data loss": carb replaces only what it wrote, never writes through links, one writer per output,
// and leaves no temporary files when interrupted.
const tmp = mkdtempSync(join(tmpdir(), 'carb-output-rule-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const userFolder = (name: string, files: Record<string, string>) => userFolderIn(tmp, name, files);
const calibrate = calibrateArgv;
/** Any file content: the tests ask which files are there (vitest types its matchers as any). */
const ANY_TEXT: unknown = expect.any(String);

describe('a folder carb did not write is refused before any work, untouched (exit 2, one line)', () => {
  it("carb audit --out: a folder of the user's files", async () => {
    const dir = userFolder('audit-user', { 'thesis.tex': 'mine\n' });
    const before = snapshot(dir);
    const r = await runCli(['audit', 'corpora/audit-general.jsonl', '--out', dir]);
    expect(r.code).toBe(2);
    expect(r.errLines).toHaveLength(1);
    expect(r.errLines[0]).toContain(dir);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);

  it("carb audit --out . in a folder of the user's files", () => {
    const dir = userFolder('audit-dot', { 'notes.txt': 'mine\n', 'sub/data.csv': '1,2\n' });
    const r = spawnSync(process.execPath, [BIN, 'audit', join(ROOT, 'corpora/audit-general.jsonl'), '--out', '.'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(snapshot(dir)).toEqual({ 'notes.txt': ANY_TEXT, 'sub/data.csv': ANY_TEXT });
  }, 60_000);

  it.skipIf(!hasShared)(
    'carb nearmiss --out: a folder that merely holds a file named nearmiss.json',
    async () => {
      const dir = userFolder('nearmiss-user', { 'nearmiss.json': '{"mine":true}\n', 'photo.jpg': 'jpeg\n' });
      const before = snapshot(dir);
      const r = await runCli([
        'nearmiss',
        join(SHARED, 'corpora/tau2-airline/trajectories/sierra-official/gpt-4.1_airline_test20.json'),
        '--guards',
        'configs/guards/tau2-airline.json',
        '--out',
        dir,
      ]);
      expect(r.code).toBe(2);
      expect(r.errLines[0]).toContain(dir);
      expect(snapshot(dir)).toEqual(before);
    },
    60_000,
  );

  it("carb calibrate --out: a web app's folder (manifest.json, index.html, tables.md)", async () => {
    const dir = userFolder('webapp', {
      'manifest.json': '{"name":"my app","icons":[]}\n',
      'index.html': '<p>app</p>\n',
      'tables.md': '# mine\n',
    });
    const before = snapshot(dir);
    const r = await runCli(calibrate(dir));
    expect(r.code).toBe(2);
    expect(r.errLines).toEqual([expect.stringContaining(dir)]);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);

  it('carb calibrate --out: a data folder with some manifest.json', async () => {
    const dir = userFolder('data', { 'manifest.json': '{"files":["a.csv"]}\n', 'a.csv': '1\n' });
    const before = snapshot(dir);
    expect((await runCli(calibrate(dir))).code).toBe(2);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);

  it('carb calibrate --out: a report carb wrote, with a file the user added to it', async () => {
    const dir = join(tmp, 'report-plus');
    expect((await runCli(calibrate(dir))).code).toBe(0);
    writeFileSync(join(dir, 'my-notes.md'), 'mine\n');
    const before = snapshot(dir);
    const r = await runCli(calibrate(dir));
    expect(r.code).toBe(2);
    expect(r.errLines[0]).toContain('my-notes.md');
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);

  it("carb replay --shard i/N --out DIR: a folder of the user's files", async () => {
    const dir = userFolder('shards-user', { 'thesis.tex': 'mine\n' });
    const r = await runCli(['replay', CES, '--selector', 'all', '--shard', '0/2', '--out', dir, '--workers', '1']);
    expect(r.code).toBe(2);
    expect(r.errLines).toEqual([expect.stringContaining(dir)]);
    expect(snapshot(dir)).toEqual({ 'thesis.tex': ANY_TEXT });
  }, 60_000);

  it('a report of an earlier carb (no marker) is replaced when every output its manifest lists matches; not once one is edited', async () => {
    const dir = join(tmp, 'earlier');
    expect((await runCli(calibrate(dir))).code).toBe(0);
    // as the previous version wrote it: no marker, the manifest without it
    rmSync(join(dir, '.carb-output.json'));
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { outputs: Record<string, string> };
    delete manifest.outputs['.carb-output.json'];
    writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(dir, 'summary.json'), `${readFileSync(join(dir, 'summary.json'), 'utf8')} `);
    const before = snapshot(dir);
    expect((await runCli(calibrate(dir))).code).toBe(2);
    expect(snapshot(dir)).toEqual(before);
    writeFileSync(join(dir, 'summary.json'), readFileSync(join(dir, 'summary.json'), 'utf8').slice(0, -1));
    expect((await runCli(calibrate(dir))).code).toBe(0);
    expect(existsSync(join(dir, '.carb-output.json'))).toBe(true);
  }, 60_000);

  it("carb sweep --out: a non-empty folder of the user's files", () => {
    const dir = userFolder('sweep-user', { 'thesis.tex': 'mine\n' });
    const spec = writeTinySweep(tmp);
    const r = spawnSync(process.execPath, [BIN, 'sweep', spec, '--out', dir, '--workers', '1'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining(dir)]);
    expect(snapshot(dir)).toEqual({ 'thesis.tex': ANY_TEXT });
  }, 120_000);

  it('carb sweep --out: conditions/ a symbolic link out of the folder; nothing written through it', () => {
    const outside = join(tmp, 'outside');
    mkdirSync(outside, { recursive: true });
    const dir = join(tmp, 'sweep-link');
    mkdirSync(dir, { recursive: true });
    symlinkSync(outside, join(dir, 'conditions'));
    const spec = writeTinySweep(tmp);
    const r = spawnSync(process.execPath, [BIN, 'sweep', spec, '--out', dir, '--workers', '1'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('conditions');
    expect(readdirSync(outside)).toEqual([]);
  }, 120_000);

  it('carb ingest --out: an existing file carb did not write', async () => {
    const dir = userFolder('ingest-user', { 'notes.jsonl': '{"mine":1}\n' });
    const before = snapshot(dir);
    const r = await runCli(['ingest', CES, '--out', join(dir, 'notes.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.errLines).toEqual([expect.stringContaining(join(dir, 'notes.jsonl'))]);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);

  it('carb replay --out: an existing file carb did not write', async () => {
    const dir = userFolder('replay-user', { 'table.arrow': 'not arrow\n' });
    const before = snapshot(dir);
    const r = await runCli(['replay', CES, '--out', join(dir, 'table.arrow'), '--workers', '1']);
    expect(r.code).toBe(2);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);

  it('carb suite --out: an existing episodes file carb did not write', async () => {
    const dir = userFolder('suite-user', { 'gb.jsonl': '{"mine":1}\n' });
    const before = snapshot(dir);
    const r = await runCli(['suite', 'graph-braid', '--size', '20', '--out', join(dir, 'gb.jsonl')]);
    expect(r.code).toBe(2);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);
});
