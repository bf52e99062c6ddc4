#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` runs it): bundles the CLI, the @carb/* workspace
// sources and their pure-JS npm dependencies into packages/cli/dist/carb.cjs, CommonJS plain node runs
// without a TypeScript loader (CommonJS so that bin/carb.js can compile it with V8's code cache).
// One file, no code splitting: a command's handler (commands/<x>.run.ts,
// loaded by import()) is evaluated only when it runs, but its code sits in carb.cjs, parsed lazily by V8.
// Split into chunks, `carb calibrate` loaded ~100 modules through node's ESM loader (resolve, read, link
// each): ~0.1 s more CPU at every start than one 2 MB file, against ~0.05 s less for `carb --help`
// (measured on the 2-core machine, issue 26). Bundling the dependencies matters for start-up too: node
// resolving and parsing apache-arrow's hundreds of modules costs more than the loader did.
// dist/build.json records every input's size and mtime so bin/carb.js can tell a stale bundle.
// `--package` builds the installable package packages/carb instead (buildPackage below).
import { copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { BUNDLE, DIST, MANIFEST, ROOT, codeCacheFile, inputStamp } from './fresh.js';

const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * Extra entry points beside carb.cjs: worker-thread modules, which a pool (piscina) loads by file
 * name, so they cannot live inside the main bundle. Every `packages/<name>/src/**\/<x>Worker.ts`
 * becomes `dist/<x>Worker.cjs`; the code that starts the pool asks for the file of that name beside
 * itself, with its own extension (packages/replay/src/replayParallel.ts).
 */
function workerEntries() {
  /** @type {Record<string, string>} */
  const out = {};
  for (const pkg of readdirSync(join(ROOT, 'packages'))) {
    const src = join(ROOT, 'packages', pkg, 'src');
    let files;
    try {
      files = readdirSync(src, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const f of files.filter((f) => /Worker\.ts$/.test(f)).sort()) {
      out[f.replace(/^.*\//, '').slice(0, -'.ts'.length)] = join(src, f);
    }
  }
  return out;
}

/**
 * Packages that find their own files at run time stay imports of node_modules, resolved by node:
 * resvg loads a compiled addon (`.node`), piscina starts threads on its own dist/worker.js.
 * yargs is bundled (node resolving its ~40 small modules cost ~50 ms of every start): the files it
 * looks for beside itself are then not found, which changes nothing carb relies on. Its locales/:
 * carb forces English, and y18n without a file prints its keys, which are yargs's English
 * messages (en.json differs only for .implies(), unused). Its package.json lookup: only for
 * .pkgConf() and a guessed --version, neither used.
 */
const EXTERNAL = ['@resvg/resvg-js', 'piscina'];

/**
 * esbuild marks a module as needed by every entry whose static imports reach it, through a package
 * index too, used or not: `import { squash } from '@carb/ledger'` would put every ledger module (and
 * all of @carb/episodes, apache-arrow behind it) in the replay worker's file, and evaluate them at
 * start-up where the main bundle defers a command's modules. So imports of an @carb/* index (and
 * re-exports from one) are rewritten to import each name from the module that defines it. Names the
 * index does not list plainly stay imported from the index. The rewrite keeps every line where it was.
 * @param {Set<string>} indexFilesRead gets the package indexes (and `export *` modules) read,
 *   inputs of the build though esbuild itself may never load them
 * @returns {import('esbuild').Plugin}
 */
const directImports = (indexFilesRead) => ({
  name: 'carb-direct-imports',
  /** @param {import('esbuild').PluginBuild} b */
  setup(b) {
    /** @type {Map<string, Map<string, { file: string, name: string }>>} */
    const indexes = new Map();
    const exportsOf = (pkg) => {
      if (indexes.has(pkg)) return indexes.get(pkg);
      const index = join(ROOT, 'packages', pkg, 'src/index.ts');
      /** @type {Map<string, { file: string, name: string }>} */
      const names = new Map();
      indexes.set(pkg, names);
      let text;
      try {
        text = readFileSync(index, 'utf8');
      } catch {
        return names;
      }
      indexFilesRead.add(relative(ROOT, index));
      for (const m of text.matchAll(/^export \{([^}]*)\} from '([^']+)';/gm)) {
        const from = m[2].startsWith('@carb/') ? null : join(dirname(index), m[2]);
        for (const part of m[1]
          .split(',')
          .map((x) => x.trim())
          .filter((x) => x && !x.startsWith('type '))) {
          const [name, as = name] = part.split(/\s+as\s+/);
          const target = from ? { file: from, name } : exportsOf(m[2].slice('@carb/'.length)).get(name);
          if (target) names.set(as, target);
        }
      }
      for (const m of text.matchAll(/^export \* from '(\.[^']+)';/gm)) {
        const file = join(dirname(index), m[1]);
        indexFilesRead.add(relative(ROOT, file));
        for (const d of readFileSync(file, 'utf8').matchAll(/^export (?:async )?(?:const|let|function\*?|class) (\w+)/gm))
          names.set(d[1], { file, name: d[1] });
      }
      return names;
    };
    b.onLoad({ filter: /\/packages\/[^/]+\/src\/.*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      // re-exports too (`export { normalizeWhitespace as squash } from '@carb/episodes'`): the
      // index they name would otherwise bring a replay worker all of @carb/episodes, apache-arrow included
      const contents = text.replace(/^(import|export) \{([^}]*)\} from '@carb\/([a-z-]+)';$/gm, (line, keyword, list, pkg) => {
        const names = exportsOf(pkg);
        const kept = [];
        /** @type {Map<string, string[]>} */
        const byFile = new Map();
        for (const part of list
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)) {
          if (part.startsWith('type ')) continue;
          const [name, local = name] = part.split(/\s+as\s+/);
          const target = names.get(name);
          if (!target) {
            kept.push(part);
            continue;
          }
          byFile.set(target.file, [...(byFile.get(target.file) ?? []), `${target.name} as ${local}`]);
        }
        const out = [...byFile].map(([file, parts]) => `${keyword} { ${parts.join(', ')} } from ${JSON.stringify(file)};`);
        if (kept.length) out.push(`${keyword} { ${kept.join(', ')} } from '@carb/${pkg}';`);
        return out.join(' ');
      });
      return { contents, loader: 'ts' };
    });
  },
});

/**
 * string-width (the one yargs, cliui and wrap-ansi import) builds an Intl.Segmenter and a
 * \p{RGI_Emoji} regular expression when its module is evaluated, which the bundle does at every
 * start: ~30 ms of CPU (ICU's break data and the emoji set), for help text that is printable ASCII.
 * Each ES module import of it gets a module that answers printable ASCII itself (its width is its length:
 * no control, zero-width, combining, wide or emoji character lies in U+0020–U+007E, which is the
 * fast path string-width 8 takes too) and evaluates the real one, by require, at its first other
 * string.
 * @returns {import('esbuild').Plugin}
 */
const lazyStringWidth = () => ({
  name: 'carb-lazy-string-width',
  /** @param {import('esbuild').PluginBuild} b */
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, async (args) => {
      // an ES module import only: a require() (cli-progress's, of string-width 4) expects the function itself,
      // and an ES module's namespace required from CommonJS is an object, not callable
      if (args.pluginData === 'real' || args.kind === 'require-call') return undefined;
      const real = await b.resolve(args.path, {
        importer: args.importer,
        resolveDir: args.resolveDir,
        kind: args.kind,
        pluginData: 'real',
      });
      if (real.errors.length > 0) return { errors: real.errors };
      // relative, so that no checkout's own path lands in the bundle
      return { path: relative(ROOT, real.path), namespace: 'carb-lazy-string-width' };
    });
    b.onLoad({ filter: /./, namespace: 'carb-lazy-string-width' }, (args) => ({
      contents: [
        'let real;',
        'export default function stringWidth(string, options) {',
        "  if (typeof string === 'string' && /^[\\x20-\\x7E]*$/.test(string)) return string.length;",
        `  return (real ??= require(${JSON.stringify(join(ROOT, args.path))}).default)(string, options);`,
        '}',
        '',
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'js',
    }));
  },
});

/** The CommonJS bundle's import.meta (the sources' ES module code reads url, and yargs resolve): the bundle file's. */
const IMPORT_META = '__carbImportMeta';
// "use strict" first: a directive after the banner's statement would be none (the sources are ES modules: strict)
const IMPORT_META_SHIM = `"use strict";\nconst ${IMPORT_META} = { url: require('node:url').pathToFileURL(__filename).href, resolve: (s) => require('node:url').pathToFileURL(require.resolve(s)).href };`;

/** CommonJS dependencies (ajv, seedrandom, ...) call require(); an ESM bundle gets one from node. */
const REQUIRE_SHIM =
  "import { createRequire as __carbCreateRequire } from 'node:module';\nconst require = __carbCreateRequire(import.meta.url);";

/**
 * The Ajv standalone validators of configs/schema (bin/schemaPrecompile.ts), so the bundle compiles
 * no schema at run time. Each becomes a file of its own, `schema-<key>.cjs` beside the bundle
 * (self-contained: Ajv's runtime helpers bundled in), loaded only by the command that validates
 * with it: all of them in the main bundle would cost every start ~30 ms of parsing. The generator
 * is bundled into a file beside the outputs (its externals resolve from there), run, and removed.
 * Returns the text of the module that replaces packages/io/src/schemaPrecompiled.ts, the
 * validator files, and the files they were made from.
 * @param {typeof import('esbuild')} esbuild
 * @param {string} outdir
 * @returns {Promise<{ text: string, outputFiles: import('esbuild').OutputFile[], inputs: string[] }>}
 */
async function precompiledSchemas(esbuild, outdir) {
  const gen = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'packages/cli/bin/schemaPrecompile.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(outdir, { recursive: true });
  const tmp = join(outdir, `.schemaPrecompile.${process.pid}.mjs`);
  writeFileSync(tmp, gen.outputFiles[0].contents);
  /** @type {{ file: string, key: string, code: string }[]} */
  let schemas;
  try {
    schemas = (await import(pathToFileURL(tmp).href)).precompiledSchemas(join(ROOT, 'configs/schema'));
  } finally {
    rmSync(tmp, { force: true });
  }
  const codeByKey = new Map(schemas.map((s) => [s.key, s.code]));
  const validators = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: schemas.map((s) => ({ in: `carb-schema:${s.key}`, out: `schema-${s.key}` })),
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'carb-schema-code',
        setup(b) {
          b.onResolve({ filter: /^carb-schema:/ }, (args) => ({ path: args.path.slice('carb-schema:'.length), namespace: 'carb-schema' }));
          b.onLoad({ filter: /.*/, namespace: 'carb-schema' }, (args) => ({
            contents: codeByKey.get(args.path),
            loader: 'js',
            resolveDir: ROOT,
          }));
        },
      },
    ],
  });
  // `load`, not `require`: esbuild would try to bundle the file named
  const text = [
    "import { createRequire } from 'node:module';",
    'const load = createRequire(import.meta.url);',
    'const validator = (key) => () => load(`./schema-${key}.cjs`);',
    `export const PRECOMPILED = new Map([${schemas.map((s) => `\n  // ${relative(ROOT, s.file)}\n  [${JSON.stringify(s.key)}, validator(${JSON.stringify(s.key)})],`).join('')}\n]);`,
    '',
  ].join('\n');
  const inputs = Object.keys(gen.metafile.inputs).filter((f) => !f.includes('node_modules/'));
  return { text, outputFiles: validators.outputFiles, inputs: [...inputs, ...schemas.map((s) => relative(ROOT, s.file))] };
}

/**
 * Puts the precompiled validators in the place of packages/io/src/schemaPrecompiled.ts (empty from source).
 * @param {string} text
 * @returns {import('esbuild').Plugin}
 */
const precompiledPlugin = (text) => ({
  name: 'carb-precompiled-schemas',
  setup(b) {
    b.onLoad({ filter: /\/packages\/io\/src\/schemaPrecompiled\.ts$/ }, () => ({
      contents: text,
      loader: 'js',
      resolveDir: join(ROOT, 'packages/io/src'),
    }));
  },
});

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

/** Output files (relative to ROOT) of the last build, from its manifest; none without one. */
function previousOutputs() {
  try {
    const { outputs } = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    return Array.isArray(outputs) ? outputs.filter((f) => typeof f === 'string' && f.startsWith('packages/cli/dist/')) : [];
  } catch {
    return [];
  }
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
  /** @type {Set<string>} */
  const indexFilesRead = new Set();
  const schemas = await precompiledSchemas(esbuild, DIST);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [
      { in: join(ROOT, 'packages/cli/bin/entry.ts'), out: 'carb' },
      ...Object.entries(workerEntries()).map(([out, src]) => ({ in: src, out })),
    ],
    outdir: DIST,
    // CommonJS, so bin/carb.js can compile the bundle with V8's code cache (runBundle.js): node 20
    // caches no ES module's code
    outExtension: { '.js': '.cjs' },
    bundle: true,
    // one file per entry (see the head of this file); the worker entries are files of their own
    splitting: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: EXTERNAL,
    define: { 'import.meta': IMPORT_META },
    banner: { js: IMPORT_META_SHIM },
    plugins: [precompiledPlugin(schemas.text), directImports(indexFilesRead), lazyStringWidth()],
    sourcemap: 'linked',
    // white space and comments out (names and syntax kept: stack traces stay readable, with the map
    // for lines): 2.07 → 1.55 MB, pure ASCII, so every start reads and V8 hashes and checks 25% less
    // source (runBundle: ~60 → ~43 ms on the shared runs' calibrate)
    minifyWhitespace: true,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(DIST, { recursive: true });
  const outputFiles = [...result.outputFiles, ...schemas.outputFiles];
  for (const f of outputFiles) writeAtomic(f.path, f.contents);
  // node_modules files stand for themselves through package-lock.json (npm rewrites it whenever
  // they change), and every workspace package.json decides what an @carb/* import resolves to
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')),
    ...indexFilesRead,
    ...schemas.inputs,
    'package-lock.json',
    ...readdirSync(join(ROOT, 'packages')).map((p) => `packages/${p}/package.json`),
    relative(ROOT, THIS_FILE),
  ];
  // a file saved while esbuild was reading it must not be stamped as built: it stays stale
  const stamps = Object.fromEntries(
    [...new Set(inputs)].sort().map((f) => {
      const now = inputStamp(f);
      const was = before.get(f);
      return [f, was === undefined || was === now ? now : 'changed during the build'];
    }),
  );
  // the manifest goes last: a crash before it leaves the old manifest, which no longer matches
  const outputs = outputFiles.map((f) => relative(ROOT, f.path)).sort();
  const previous = previousOutputs();
  // names the bundle's code cache (fresh.js codeCacheFile): a cache of other bytes is never used
  const bundleSha256 = createHash('sha256')
    .update(outputFiles.find((f) => f.path === BUNDLE).contents)
    .digest('hex');
  writeAtomic(MANIFEST, `${JSON.stringify({ esbuild: esbuild.version, bundleSha256, outputs, inputs: stamps }, null, 1)}\n`);
  // chunks are named by content hash: an edit leaves the last build's chunks behind, unused
  for (const f of previous) if (!outputs.includes(f)) rmSync(join(ROOT, f), { force: true });
  // and the code caches of earlier bundles (runBundle.js writes them beside the bundle)
  const cache = codeCacheFile();
  for (const f of readdirSync(DIST)) if (/^carb-[0-9a-f]{16}\.cache$/.test(f) && join(DIST, f) !== cache) rmSync(join(DIST, f), { force: true });
  return { ms: performance.now() - t0, files: outputFiles.map((f) => relative(ROOT, f.path)) };
}

/** The installable package `carb` (packages/carb): its dist/ is built here, configs/ and corpora/ copied in. */
const PACKAGE_DIR = join(ROOT, 'packages/carb');
/** Files of the checkout the CLI reads at run time (carbPath): schemas and configs, the audit corpora. */
const PACKAGE_DATA = ['configs', 'corpora/audit-general.jsonl', 'corpora/audit-ecommerce.jsonl'];

/**
 * Builds packages/carb for `npm pack`: the same bundle as build() (CLI entry, worker files, the
 * @carb/* sources and pure-JS dependencies inside) plus the public API entry dist/index.js, and
 * dist/index.d.ts, the API's declarations in one file (dts-bundle-generator inlines the @carb/*
 * types, which a user never installs). No source maps, no build.json: the package runs its
 * bundle as built. dist/, configs/ and corpora/ are carb's own outputs there, replaced whole.
 * @returns {Promise<{ ms: number, files: string[] }>}
 */
export async function buildPackage() {
  const t0 = performance.now();
  const esbuild = await import('esbuild');
  const dist = join(PACKAGE_DIR, 'dist');
  const schemas = await precompiledSchemas(esbuild, dist);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [
      { in: join(ROOT, 'packages/cli/bin/entry.ts'), out: 'carb' },
      { in: join(PACKAGE_DIR, 'src/index.ts'), out: 'index' },
      ...Object.entries(workerEntries()).map(([out, src]) => ({ in: src, out })),
    ],
    outdir: dist,
    bundle: true,
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    plugins: [precompiledPlugin(schemas.text), directImports(new Set()), lazyStringWidth()],
    write: false,
    logLevel: 'silent',
  });
  const { generateDtsBundle } = await import('dts-bundle-generator');
  const [dts] = generateDtsBundle(
    [{ filePath: join(PACKAGE_DIR, 'src/index.ts'), output: { noBanner: true, exportReferencedTypes: false } }],
    { preferredConfigPath: join(PACKAGE_DIR, 'tsconfig.dts.json') },
  );
  for (const d of ['dist', 'configs', 'corpora']) rmSync(join(PACKAGE_DIR, d), { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  const outputFiles = [...result.outputFiles, ...schemas.outputFiles];
  for (const f of outputFiles) writeAtomic(f.path, f.contents);
  writeAtomic(join(dist, 'index.d.ts'), dts);
  for (const rel of PACKAGE_DATA) {
    mkdirSync(dirname(join(PACKAGE_DIR, rel)), { recursive: true });
    if (statSync(join(ROOT, rel)).isDirectory()) cpSync(join(ROOT, rel), join(PACKAGE_DIR, rel), { recursive: true });
    else copyFileSync(join(ROOT, rel), join(PACKAGE_DIR, rel));
  }
  return {
    ms: performance.now() - t0,
    files: [...outputFiles.map((f) => relative(ROOT, f.path)), relative(ROOT, join(dist, 'index.d.ts'))],
  };
}

/** One line for a failed build: esbuild missing, or esbuild's first error with its place. */
export function describeBuildError(err) {
  if (err?.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes("'esbuild'"))
    return 'esbuild is not installed (a devDependency)';
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
    const { ms, files } = process.argv.includes('--package') ? await buildPackage() : await build();
    const size = files
      .filter((f) => /(^|\/)(carb|index)\.(c?js|d\.ts)$/.test(f) || (!process.argv.includes('--package') && /Worker\.cjs$/.test(f)))
      .map((f) => `${f} (${(statSync(join(ROOT, f)).size / 1024).toFixed(0)} KiB)`);
    process.stdout.write(`carb build: ${size.join(', ')} in ${ms.toFixed(0)} ms\n`);
  } catch (err) {
    const missing = err?.code === 'ERR_MODULE_NOT_FOUND';
    process.stderr.write(`carb build: ${describeBuildError(err)}${missing ? '; no bundle built' : ''}\n`);
    process.exitCode = missing && optional ? 0 : 1;
  }
}
