import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDirAtomic } from '@carb/io';
import { calibrate, carb, killMidWrite, snapshot } from './helpers/midWrite.ts';
import { ROOT } from './helpers/shared.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-atomic-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// SIGKILL mid-write, and the next run sweeping what it left, is in atomic-report.full.test.ts (writeDirAtomic's sweep of a
// killed run's staging folder is checked in-process below).
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
    const r = await killMidWrite(tmp, out, 'SIGTERM', 'term');
    expect(r.staging).toEqual([expect.stringMatching(/^\.report\.carb-staging-\d+$/)]);
    expect(r.signal).toBe('SIGTERM');
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(tmp).filter((f) => f.startsWith('.'))).toEqual([]);
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
