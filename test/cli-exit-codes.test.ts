import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/shared.ts';

// The real process: exit status, stdout and stderr as a shell sees them.
const BIN = join(ROOT, 'packages/cli/bin/carb.js');
const CES = join(ROOT, 'corpora/ces-clean.jsonl');
const scratch = mkdtempSync(join(tmpdir(), 'carb-exit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function carb(...argv: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...argv], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('carb exit codes (child process)', () => {
  it('--version prints the root package version and exits 0', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(carb('--version')).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
  }, 120_000);

  it('a usage error exits 2 with one line on stderr and writes nothing', () => {
    const out = join(scratch, 'splits');
    expect(carb('calibrate', CES, '--splits', '2.5', '--out', out)).toEqual({
      status: 2,
      stdout: '',
      stderr: 'carb: --splits: expected a positive integer, found 2.5\n',
    });
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('main --bogus is refused before the main job runs', () => {
    const out = join(scratch, 'main');
    expect(carb('main', '--bogus', '--out', out)).toEqual({
      status: 2,
      stdout: '',
      stderr: 'carb: --bogus: unknown option for carb main\n',
    });
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('a data error exits 1 and writes nothing', () => {
    const out = join(scratch, 'data');
    const r = carb('calibrate', join(scratch, 'missing.jsonl'), '--splits', '2', '--out', out);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('missing.jsonl');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});
