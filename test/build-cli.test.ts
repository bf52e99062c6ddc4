import { spawn, spawnSync } from 'node:child_process';
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

/** A command line for script(1)'s shell, every word single-quoted. */
const quoted = (argv: string[]) => argv.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');

/** script(1), to run a command on a pseudo-terminal; null where it is missing (the test says it skipped). */
const SCRIPT = ['/usr/bin/script', '/bin/script'].find((p) => existsSync(p)) ?? null;
if (SCRIPT === null) process.stderr.write('\n[carb tests] script(1) not found: the terminal progress-bar test is SKIPPED.\n\n');

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

  // script(1) (util-linux, in every Debian) gives the child a terminal: the progress bars only draw on one, and the bundle
  // once built their string-width as an ES module that cli-progress's require() got as an object, so every calibrate
  // run in a terminal died with "_stringWidth is not a function" while every piped run (all the other tests) passed
  it.skipIf(!SCRIPT)(
    `on a terminal (script(1)): calibrate draws its progress bars, gate says it reads the terminal${SCRIPT ? '' : ' [skipped: no script(1)]'}`,
    () => {
      const out = mkdtempSync(join(tmpdir(), 'carb-build-tty-'));
      try {
        const dir = join(out, 'report');
        const command = [process.execPath, bundle, 'calibrate', CES, '--methods', 'g-carb', '--splits', '1', '--no-frontier', '--out', dir];
        const r = spawnSync(SCRIPT!, ['-qec', quoted(command), '/dev/null'], {
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(r.status, r.stdout).toBe(0);
        // the counting bar of the replay (160 episodes) and the full bar of the one split
        expect(r.stdout).toContain('replay 160 episodes');
        expect(r.stdout).toContain('] 1/1 100%');
        expect(r.stdout).not.toContain('is not a function');
        expect(existsSync(join(dir, 'manifest.json'))).toBe(true);
        // carb gate typed at a terminal says what it waits for, and Ctrl-D (EOT) ends it; piped, it says nothing of the kind
        const gate = [process.execPath, bundle, 'gate', '--deploy', join(dir, 'deploy.json'), '--method', 'g-carb', '--alpha', '.1'];
        const typed = spawnSync(SCRIPT!, ['-qec', quoted(gate), '/dev/null'], { input: '\x04', encoding: 'utf8', timeout: 120_000 });
        expect(typed.status, typed.stdout).toBe(0);
        expect(typed.stdout).toContain('carb: gate: reading the episode from the terminal, one JSON event a line');
        const piped = node(gate.slice(1), ROOT);
        expect(piped.status, piped.stderr).toBe(0);
        expect(piped.stderr).not.toContain('reading the episode from the terminal');
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );

  it('a reader that stops early (| head -1) ends the printing, not the run: exit 0, no EPIPE, the report written', async () => {
    const out = mkdtempSync(join(tmpdir(), 'carb-build-epipe-'));
    try {
      const dir = join(out, 'report');
      const child = spawn(process.execPath, [bundle, 'calibrate', CES, '--methods', 'g-carb', '--splits', '3', '--out', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      // the first bytes of the table, then the reading end goes, as head -1 does
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise<number | null>((done) => child.on('close', done));
      expect(err).not.toMatch(/EPIPE|Unhandled/);
      expect(code, err).toBe(0);
      expect(node([bundle, 'verify', dir]).stdout).toMatch(/^verify: all \d+ outputs and manifest\.json match the folder and the re-run$/m);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
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
