#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` runs it): bundles the CLI, the @carb/* workspace
// sources and their pure-JS npm dependencies into packages/cli/dist/carb.js, one ESM file plain
// node runs without a TypeScript loader. Bundling the dependencies too matters for start-up: node
// resolving and parsing apache-arrow's hundreds of modules costs more than the loader did.
// dist/build.json records every input's size and mtime so bin/carb.js can tell a stale bundle.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST, MANIFEST, ROOT, inputStamp } from './fresh.js';

const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * Extra entry points beside carb.js: worker-thread modules, which a pool (piscina) loads by file
 * name, so they cannot live inside the main bundle. Every `packages/<name>/src/**\/<x>Worker.ts`
 * becomes `dist/<x>Worker.js`; the code that starts the pool asks for the file of that name beside
 * itself, with its own extension (packages/replay/src/replayParallel.ts).
 */
function workerEntries() {
  /** @type {Record<string, string>} */
  const out = {};
  for (const pkg of readdirSync(join(ROOT, 'packages'))) {
    const src = join(ROOT, 'packages', pkg, 'src');
    let files;
    try { files = readdirSync(src, { recursive: true, encoding: 'utf8' }); } catch { continue; }
    for (const f of files.filter((f) => /Worker\.ts$/.test(f)).sort()) {
      out[f.replace(/^.*\//, '').slice(0, -'.ts'.length)] = join(src, f);
    }
  }
  return out;
}

/**
 * Packages that find their own files at run time stay imports of node_modules, resolved by node:
 * resvg loads a compiled addon (`.node`), piscina starts threads on its own dist/worker.js, yargs
 * reads its message translations (locales/) and the caller's package.json beside itself.
 */
const EXTERNAL = ['@resvg/resvg-js', 'piscina', 'yargs'];

/** CommonJS dependencies (ajv, seedrandom, ...) call require(); an ESM bundle gets one from node. */
const REQUIRE_SHIM = "import { createRequire as __carbCreateRequire } from 'node:module';\nconst require = __carbCreateRequire(import.meta.url);";

/** `size:mtime` of every file under packages/ (dist and node_modules aside), by path relative to ROOT. */
function packageStamps() {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const f of readdirSync(join(ROOT, 'packages'), { recursive: true, encoding: 'utf8' })) {
    if (/(^|\/)(dist|node_modules)(\/|$)/.test(f)) continue;
    const rel = `packages/${f}`;
    const stamp = inputStamp(rel);
    if (stamp !== 'missing') out.set(rel, stamp);
  }
  return out;
}

/** Writes `bytes` to `file` through a temporary name, so a concurrent reader never sees half a file. */
function writeAtomic(file, bytes) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

/**
 * Bundles the CLI into packages/cli/dist and records its inputs. Deterministic: the same sources
 * give the same bytes, so concurrent rebuilds (parallel test processes) write identical files.
 * @returns {Promise<{ ms: number, files: string[] }>}
 */
export async function build() {
  const t0 = performance.now();
  const before = packageStamps();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [{ in: join(ROOT, 'packages/cli/bin/entry.ts'), out: 'carb' }, ...Object.entries(workerEntries()).map(([out, src]) => ({ in: src, out }))],
    outdir: DIST,
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(DIST, { recursive: true });
  for (const f of result.outputFiles) writeAtomic(f.path, f.contents);
  // node_modules files stand for themselves through package-lock.json (npm rewrites it whenever
  // they change), and every workspace package.json decides what an @carb/* import resolves to
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')),
    'package-lock.json',
    ...readdirSync(join(ROOT, 'packages')).map((p) => `packages/${p}/package.json`),
    relative(ROOT, THIS_FILE),
  ];
  // a file saved while esbuild was reading it must not be stamped as built: it stays stale
  const stamps = Object.fromEntries([...new Set(inputs)].sort().map((f) => {
    const now = inputStamp(f);
    const was = before.get(f);
    return [f, was === undefined || was === now ? now : 'changed during the build'];
  }));
  // the manifest goes last: a crash before it leaves the old manifest, which no longer matches
  const outputs = result.outputFiles.map((f) => relative(ROOT, f.path)).sort();
  writeAtomic(MANIFEST, `${JSON.stringify({ esbuild: esbuild.version, outputs, inputs: stamps }, null, 1)}\n`);
  return { ms: performance.now() - t0, files: result.outputFiles.map((f) => relative(ROOT, f.path)) };
}

/** One line for a failed build: esbuild missing, or esbuild's first error with its place. */
export function describeBuildError(err) {
  if (err?.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes("'esbuild'")) return 'esbuild is not installed (a devDependency)';
  // esbuild's own message starts "Build failed with 1 error:"; its first error says where
  const first = err?.errors?.[0];
  if (first) return `${first.location ? `${first.location.file}:${first.location.line}: ` : ''}${first.text}`;
  return String(err?.message ?? err).split('\n')[0];
}

if (process.argv[1] && resolve(process.argv[1]) === THIS_FILE) {
  // `prepare` passes --if-esbuild: an install without devDependencies (npm ci --omit=dev) has no
  // esbuild and must not fail for it; bin/carb.js then says what it runs instead
  const optional = process.argv.includes('--if-esbuild');
  try {
    const { ms, files } = await build();
    const size = files.filter((f) => f.endsWith('.js')).map((f) => `${f} (${(statSync(join(ROOT, f)).size / 1024).toFixed(0)} KiB)`);
    process.stdout.write(`carb build: ${size.join(', ')} in ${ms.toFixed(0)} ms\n`);
  } catch (err) {
    const missing = err?.code === 'ERR_MODULE_NOT_FOUND';
    process.stderr.write(`carb build: ${describeBuildError(err)}${missing ? '; no bundle built' : ''}\n`);
    process.exitCode = missing && optional ? 0 : 1;
  }
}
