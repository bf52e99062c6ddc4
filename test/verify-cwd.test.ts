import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/shared.ts';

const CARB = join(ROOT, 'packages/cli/bin/carb.js');
const tmp = mkdtempSync(join(tmpdir(), 'carb-verify-cwd-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function carb(cwd: string, ...argv: string[]) {
  const r = spawnSync(process.execPath, [CARB, ...argv], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('carb verify re-runs a report where it is run', () => {
  it('from the folder the report was made in it matches; from elsewhere the relative corpus is missing and the failure says where it ran', () => {
    copyFileSync(join(ROOT, 'corpora/ces-clean.jsonl'), join(tmp, 'mine.jsonl'));
    const made = carb(tmp, 'calibrate', 'mine.jsonl', '--splits', '2', '--methods', 'g-carb', '--no-frontier', '--out', 'rep');
    expect(made.code, made.err).toBe(0);
    const here = carb(tmp, 'verify', 'rep');
    expect(here.code, here.err).toBe(0);
    expect(here.out).toMatch(/^verify: all \d+ outputs and manifest\.json match the folder and the re-run$/m);
    const elsewhere = carb(ROOT, 'verify', join(tmp, 'rep'));
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.err).toContain('mine.jsonl: expected a file or directory, found nothing at this path');
    expect(elsewhere.err).toContain(
      `carb: re-running "carb calibrate mine.jsonl --splits 2 --methods g-carb --no-frontier" in ${ROOT} exited with 1; verify re-runs a report's command in the folder it is run from, so run it where the report was made`,
    );
  }, 240_000);
});
