import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../packages/cli/src/main.ts';
import { ROOT } from './helpers/shared.ts';

// A two-section main job on the small bundled CES corpora, few splits: the report `carb main` writes, then tampered with.
const tmp = mkdtempSync(join(tmpdir(), 'carb-verify-tamper-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const jobFile = join(tmp, 'job.json');
writeFileSync(
  jobFile,
  JSON.stringify({
    title: 'verify test job',
    pipeline: 'configs/pipelines/default.json',
    out: join(tmp, 'unused'),
    sections: [
      { slug: 'ces-clean', title: 'CES clean', corpus: 'corpora/ces-clean.jsonl', dataset: 'ces-clean', splits: 3 },
      { slug: 'ces-near-miss', title: 'CES near-miss', corpus: 'corpora/ces-near-miss.jsonl', dataset: 'ces-near-miss', splits: 3 },
    ],
  }),
);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Runs carb in-process; returns the exit code and what it printed. */
async function carb(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    out += String(s);
    return true;
  });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    err += String(s);
    return true;
  });
  try {
    const code = await main(argv);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

/** A fresh copy of the written report to tamper with. */
function copy(name: string): string {
  const dir = join(tmp, name);
  cpSync(join(tmp, 'out'), dir, { recursive: true });
  return dir;
}

describe('carb verify checks every file of the folder before re-running', () => {
  let printed = '';
  beforeAll(async () => {
    const r = await carb('main', '--root', ROOT, '--job', jobFile, '--out', join(tmp, 'out'));
    expect(r.err).not.toMatch(/Error|expected/);
    expect(r.code).toBe(0);
    printed = r.out;
  }, 120_000);

  it('prints the SHA-256 of manifest.json, and a clean report verifies (whole folder and one section on its own)', async () => {
    const hash = sha(readFileSync(join(tmp, 'out', 'manifest.json')));
    expect(printed).toContain(`manifest sha256 ${hash}\n`);
    const top = await carb('verify', join(tmp, 'out'), '--expect-manifest-hash', hash);
    expect(top.err).not.toMatch(/changed|missing|extra|differs/);
    expect(top.out).toContain(`manifest sha256 ${hash}\n`);
    // 2 sections × (summary.json, deploy.json, pipeline.json, splits.arrow, splits.csv, paired.json, tables.md, frontier.svg/.png, index.html, .carb-output.json, manifest.json) + tables.md, index.html, .carb-output.json
    expect(top.out).toMatch(/verify: all 27 outputs and manifest\.json match/);
    expect(top.code).toBe(0);
    // the section's manifest re-runs exactly that section (`main … --section ces-clean`)
    const section = JSON.parse(readFileSync(join(tmp, 'out', 'ces-clean', 'manifest.json'), 'utf8')) as { command: { argv: string[] } };
    expect(section.command.argv).toEqual(['main', '--root', ROOT, '--job', jobFile, '--section', 'ces-clean']);
    const one = await carb('verify', join(tmp, 'out', 'ces-clean'));
    expect(one.out).toMatch(/verify: all 11 outputs and manifest\.json match/);
    expect(one.err).toContain('carb: CES clean\n');
    expect(one.err).not.toContain('CES near-miss');
    expect(one.code).toBe(0);
  }, 120_000);

  it('an edited summary.json fails, named, in the section and in the whole folder', async () => {
    const dir = copy('edited');
    const file = join(dir, 'ces-clean', 'summary.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"meanLoss": 0', '"meanLoss": 0.001'));
    for (const target of [dir, join(dir, 'ces-clean')]) {
      const r = await carb('verify', target);
      expect(r.code).toBe(1);
      expect(r.err).toBe(
        `${file}: changed (manifest sha256 ${sha(readFileSync(join(tmp, 'out', 'ces-clean', 'summary.json'))).slice(0, 12)}…, file sha256 ${sha(readFileSync(file)).slice(0, 12)}…)\n`,
      );
      expect(r.out).toContain('not re-run');
    }
  }, 120_000);

  it('a deleted index.html fails, named', async () => {
    const dir = copy('deleted');
    unlinkSync(join(dir, 'ces-near-miss', 'index.html'));
    const r = await carb('verify', dir);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${join(dir, 'ces-near-miss', 'index.html')}: missing (listed in the manifest)\n`);
  }, 120_000);

  it('a foreign file, and a section folder from another run, fail, named', async () => {
    const dir = copy('foreign');
    writeFileSync(join(dir, 'ces-clean', 'notes.txt'), 'added later\n');
    const r = await carb('verify', join(dir, 'ces-clean'));
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${join(dir, 'ces-clean', 'notes.txt')}: extra file, not listed in the manifest\n`);
    // the near-miss section put where the clean one was: every file of it differs or is unlisted
    const swapped = copy('swapped');
    rmSync(join(swapped, 'ces-clean'), { recursive: true });
    cpSync(join(tmp, 'out', 'ces-near-miss'), join(swapped, 'ces-clean'), { recursive: true });
    const s = await carb('verify', swapped);
    expect(s.code).toBe(1);
    for (const f of ['summary.json', 'splits.csv', 'index.html', 'manifest.json'])
      expect(s.err).toContain(`${join(swapped, 'ces-clean', f)}: changed`);
  }, 120_000);

  it('--expect-manifest-hash pins the run: another hash fails before anything is re-run', async () => {
    const r = await carb('verify', join(tmp, 'out'), '--expect-manifest-hash', 'ab'.repeat(32));
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `${join(tmp, 'out', 'manifest.json')}: expected sha256 ${'ab'.repeat(32)} (--expect-manifest-hash), found ${sha(readFileSync(join(tmp, 'out', 'manifest.json')))}\n`,
    );
  }, 120_000);
});
