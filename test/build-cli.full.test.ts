import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/shared.ts';

const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };

function node(args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// child processes that build or start node several times: generous limits for a loaded machine (no timing asserted)
const SLOW = { timeout: 180_000 };

/**
 * A copy of the checkout (sources, configs, manifests; node_modules linked entry by entry, @carb/*
 * to the copy's own packages), where the bundle can be built, made stale and removed without
 * touching the one the other test files run.
 */
describe('a copy of the checkout: install-time build, stale and missing bundles', SLOW, () => {
  const copy = mkdtempSync(join(tmpdir(), 'carb-build-'));
  const bin = join(copy, 'packages/cli/bin/carb.js');
  const bundle = join(copy, 'packages/cli/dist/carb.cjs');
  const esbuildLink = join(copy, 'node_modules/esbuild');
  /** The code cache bin/carb.js keeps for the bundle as it is now: carb-<first 16 hex of its SHA-256>.cache beside it. */
  const codeCache = () =>
    join(copy, 'packages/cli/dist', `carb-${createHash('sha256').update(readFileSync(bundle)).digest('hex').slice(0, 16)}.cache`);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  beforeAll(() => {
    for (const f of ['package.json', 'package-lock.json']) cpSync(join(ROOT, f), join(copy, f));
    cpSync(join(ROOT, 'configs'), join(copy, 'configs'), { recursive: true });
    cpSync(join(ROOT, 'packages'), join(copy, 'packages'), { recursive: true, filter: (src) => !/\/(dist|node_modules)$/.test(src) });
    mkdirSync(join(copy, 'node_modules/@carb'), { recursive: true });
    for (const e of readdirSync(join(ROOT, 'node_modules'))) {
      if (e !== '@carb' && e !== '.bin') symlinkSync(join(ROOT, 'node_modules', e), join(copy, 'node_modules', e));
    }
    for (const p of readdirSync(join(copy, 'packages'))) symlinkSync(join(copy, 'packages', p), join(copy, 'node_modules/@carb', p));
  }, SLOW.timeout);

  it('the prepare script builds the bundle, which then runs with plain node', () => {
    const r = spawnSync('sh', ['-c', PKG.scripts.prepare!], { cwd: copy, encoding: 'utf8', timeout: 300_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(node([bundle, '--version'], copy)).toEqual({ status: 0, stdout: `${PKG.version}\n`, stderr: '' });
  });

  it('a current bundle is run as it is (not rebuilt)', () => {
    const built = statSync(bundle).mtimeMs;
    expect(node([bin, '--version'], copy)).toEqual({ status: 0, stdout: `${PKG.version}\n`, stderr: '' });
    expect(statSync(bundle).mtimeMs).toBe(built);
  });

  it('the first start writes the code cache, named by the SHA-256 of the bundle; a cache V8 rejects is written again', () => {
    const cache = codeCache();
    expect(existsSync(cache)).toBe(true);
    writeFileSync(cache, 'not a V8 code cache');
    expect(node([bin, '--version'], copy)).toEqual({ status: 0, stdout: `${PKG.version}\n`, stderr: '' });
    const firstLine = () => readFileSync(cache).subarray(0, readFileSync(cache).indexOf(10)).toString();
    expect(firstLine()).toBe('["--version"]');
    const small = readFileSync(cache).length;
    expect(small).toBeGreaterThan(1000);
    // an accepted cache is left as it is by a command it covers
    const rewritten = statSync(cache).mtimeMs;
    expect(node([bin, '--version'], copy).status).toBe(0);
    expect(statSync(cache).mtimeMs).toBe(rewritten);
    // a command it does not cover adds its functions once, then leaves it as it is too
    expect(node([bin, '--help'], copy).status).toBe(0);
    expect(firstLine()).toBe('["--version","--help"]');
    expect(readFileSync(cache).length).toBeGreaterThan(small);
    const grown = statSync(cache).mtimeMs;
    expect(node([bin, '--help'], copy).status).toBe(0);
    expect(statSync(cache).mtimeMs).toBe(grown);
  });

  it('an edited source is rebuilt before it runs, quietly when stderr is not a terminal', () => {
    const before = codeCache();
    appendFileSync(join(copy, 'packages/cli/src/main.ts'), "\nprocess.stdout.write('edited once\\n');\n");
    expect(node([bin, '--version'], copy)).toEqual({ status: 0, stdout: `edited once\n${PKG.version}\n`, stderr: '' });
    // and the rebuilt bundle alone has the edit too
    expect(node([bundle, '--version'], copy).stdout).toBe(`edited once\n${PKG.version}\n`);
    // the old bundle's code cache is gone, the new one's written
    expect(existsSync(before)).toBe(false);
    expect(existsSync(codeCache())).toBe(true);
  });

  it('without esbuild, a stale bundle is not run: the sources run through tsx after one line on stderr', () => {
    unlinkSync(esbuildLink);
    appendFileSync(join(copy, 'packages/cli/src/main.ts'), "\nprocess.stdout.write('edited twice\\n');\n");
    expect(node([bin, '--version'], copy)).toEqual({
      status: 0,
      stdout: `edited once\nedited twice\n${PKG.version}\n`,
      stderr:
        'carb: cannot rebuild packages/cli/dist (packages/cli/src/main.ts changed; esbuild is not installed (a devDependency)); running the sources through tsx\n',
    });
  });

  it('without esbuild, prepare skips the build and passes (npm ci --omit=dev); npm run build fails', () => {
    const prepare = spawnSync('sh', ['-c', PKG.scripts.prepare!], { cwd: copy, encoding: 'utf8' });
    expect({ status: prepare.status, stderr: prepare.stderr }).toEqual({
      status: 0,
      stderr: 'carb build: esbuild is not installed (a devDependency); no bundle built\n',
    });
    const build = spawnSync('sh', ['-c', PKG.scripts.build!], { cwd: copy, encoding: 'utf8' });
    expect(build.status).toBe(1);
  });

  it('a missing bundle is built by the first start', () => {
    symlinkSync(join(ROOT, 'node_modules/esbuild'), esbuildLink);
    rmSync(join(copy, 'packages/cli/dist'), { recursive: true, force: true });
    expect(node([bin, '--version'], copy)).toEqual({ status: 0, stdout: `edited once\nedited twice\n${PKG.version}\n`, stderr: '' });
    expect(existsSync(bundle)).toBe(true);
  });
});

// moved from build-cli.test.ts (starts node through tsx, the slowest start there is): in the exhaustive project
describe('the compiled CLI against its sources', SLOW, () => {
  const bundle = join(ROOT, 'packages/cli/dist/carb.cjs');
  const CES = join(ROOT, 'corpora/ces-clean.jsonl');
  beforeAll(() => {
    // through the bin: a bundle older than the sources is rebuilt first, as in build-cli.test.ts
    expect(node([join(ROOT, 'packages/cli/bin/carb.js'), '--version']).status).toBe(0);
  }, SLOW.timeout);

  it('prints the same bytes as the TypeScript sources through tsx', () => {
    const sources = ['--import', 'tsx', join(ROOT, 'packages/cli/bin/entry.ts')];
    const fromBundle = node([bundle, 'inspect', CES, '--json']);
    const fromSources = node([...sources, 'inspect', CES, '--json']);
    expect(fromSources.status).toBe(0);
    expect(fromBundle.stdout).toBe(fromSources.stdout);
  });
});
