// Runs the CommonJS bundle packages/cli/dist/carb.cjs compiled with V8's code cache. Compiling the
// 1.5 MB bundle costs ~70 ms at every start (V8 pre-parses all of it, then compiles each function the
// run calls); with the cache of an earlier run it costs ~25 ms. Node 20 caches no ES module's code
// (module.enableCompileCache arrives in node 22), hence a CommonJS bundle and vm.Script here.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script, constants } from 'node:vm';

/**
 * Runs `bundle` as node's CommonJS loader would, compiled from `cacheFile` when V8 accepts that
 * file (the same V8, flags and source length; the caller names the file by the bundle's digest, so
 * its content matches too). Without an accepted cache the code is compiled from source and, when
 * the process exits, the cache of everything this run compiled is written to `cacheFile` (through a
 * temporary name; a read-only install just goes on without one). `cacheFile` null: no cache.
 * @param {string} bundle
 * @param {string | null} cacheFile
 */
export function runBundle(bundle, cacheFile) {
  const source = readFileSync(bundle, 'utf8');
  /** @type {Buffer | undefined} */
  let cachedData;
  if (cacheFile !== null) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  }
  // node's own module wrapper, on the source's first line (stack traces keep the bundle's lines)
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
    filename: bundle,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cacheFile !== null && (cachedData === undefined || script.cachedDataRejected)) process.once('exit', () => writeCache(script, cacheFile));
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false, children: [], paths: [] };
  script.runInThisContext().call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/**
 * @param {Script} script
 * @param {string} file
 */
function writeCache(script, file) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}
