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
 *
 * A cache holds the functions of the commands that wrote it, named on its first line. A command it
 * does not name (the first word of the arguments) runs from it and then writes it again, with that
 * command's functions added: written by a first `carb --help`, the cache would otherwise leave
 * `carb calibrate` compiling most of its code at every start (the shared runs: 1.55 s against 1.51 s,
 * 10 runs each).
 * @param {string} bundle
 * @param {string | null} cacheFile
 */
export function runBundle(bundle, cacheFile) {
  const source = readFileSync(bundle, 'utf8');
  const cache = cacheFile === null ? null : readCache(cacheFile);
  // node's own module wrapper, on the source's first line (stack traces keep the bundle's lines)
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
    filename: bundle,
    cachedData: cache?.data,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const command = process.argv[2] ?? '';
  if (cacheFile !== null) {
    const fresh = cache === null || script.cachedDataRejected;
    if (fresh || !cache.commands.includes(command))
      process.once('exit', () => writeCache(script, cacheFile, fresh ? [command] : [...cache.commands, command]));
  }
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false, children: [], paths: [] };
  script.runInThisContext().call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/**
 * The commands a cache file covers (its first line, a JSON array) and V8's data after it; null
 * when there is no such file or it is not one.
 * @param {string} file
 * @returns {{ commands: string[], data: Buffer } | null}
 */
function readCache(file) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const end = bytes.indexOf(10);
  if (end < 0 || end > 4096) return null;
  try {
    const commands = JSON.parse(bytes.subarray(0, end).toString('utf8'));
    if (!Array.isArray(commands) || !commands.every((c) => typeof c === 'string')) return null;
    return { commands, data: bytes.subarray(end + 1) };
  } catch {
    return null;
  }
}

/**
 * @param {Script} script
 * @param {string} file
 * @param {string[]} commands
 */
function writeCache(script, file, commands) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([Buffer.from(`${JSON.stringify(commands)}\n`), script.createCachedData()]));
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}
