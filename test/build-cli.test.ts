import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/shared.ts';

const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
const CES = join(ROOT, 'corpora/ces-clean.jsonl');

function node(args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// child processes that build or start node several times: generous limits for a loaded machine (no timing asserted)
const SLOW = { timeout: 180_000 };

describe('the compiled CLI in this checkout', SLOW, () => {
  const bundle = join(ROOT, 'packages/cli/dist/carb.cjs');
  // through the bin first: a bundle older than the sources (an edit, then vitest alone) is rebuilt
  beforeAll(() => expect(node([join(ROOT, 'packages/cli/bin/carb.js'), '--version']).status).toBe(0), SLOW.timeout);

  it('npm ci builds it: the root prepare script runs the build', () => {
    expect(PKG.scripts.prepare).toMatch(/^node packages\/cli\/bin\/build\.js\b/);
    expect(existsSync(bundle)).toBe(true);
  });

  it('runs with plain node: --version prints the root package version', () => {
    expect(node([bundle, '--version'])).toEqual({ status: 0, stdout: `${PKG.version}\n`, stderr: '' });
  });

  it('inspect --json on CES clean: 160 episodes of 12 steps (nine fillers, read, summarize, send), none attacked', () => {
    const r = node([bundle, 'inspect', CES, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { episodes: number; overall: { steps: { total: number; max: number }; attacked: number } };
    expect(out.episodes).toBe(160);
    expect(out.overall.steps).toMatchObject({ total: 160 * 12, max: 12 });
    expect(out.overall.attacked).toBe(0);
  });

  it('speaks English under any locale: usage errors are parsed from the English wording of yargs into one-line flag messages', () => {
    const env = { ...process.env, LC_ALL: 'de_DE.UTF-8', LANG: 'de_DE.UTF-8' };
    const help = node([bundle, '--help'], ROOT, env);
    expect(help.stdout).toMatch(/^Commands:$/m);
    expect(help.stdout).toMatch(/^Options:$/m);
    const bad = node([bundle, 'calibrate', CES, '--splt', '3', '--out', join(tmpdir(), 'carb-never-written')], ROOT, env);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^carb: --splt: unknown option for carb calibrate; did you mean --splits\?$/m);
  });

  it('replays across worker threads from the bundle (dist/replayWorker.cjs), byte-identical to one thread', () => {
    const out = mkdtempSync(join(tmpdir(), 'carb-build-workers-'));
    try {
      const job = (workers: number) => {
        const dir = join(out, `w${workers}`);
        const r = node([
          bundle,
          'calibrate',
          CES,
          '--methods',
          'g-carb',
          '--splits',
          '1',
          '--no-frontier',
          '--workers',
          String(workers),
          '--out',
          dir,
        ]);
        expect(r.status, r.stderr).toBe(0);
        return Object.fromEntries(
          readdirSync(dir)
            .sort()
            .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
        );
      };
      expect(job(2)).toEqual(job(1));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
