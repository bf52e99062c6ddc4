#!/usr/bin/env node
// Runs the bundle packages/cli/dist/carb.cjs that `npm ci` built (prepare → build.js), so no
// TypeScript loader is paid at start, compiled with V8's code cache of an earlier run
// (runBundle.js). Sources edited since that build are never run stale: the bundle is rebuilt first
// (esbuild, a second or so, once), or, where that fails (esbuild not installed), the sources run
// through tsx after a one-line note on stderr.
import { BUNDLE, codeCacheFile, staleReason } from './fresh.js';
import { runBundle } from './runBundle.js';

const stale = staleReason();
if (stale === null) {
  runBundle(BUNDLE, codeCacheFile());
} else {
  await runStale(stale);
}

/** @param {string} reason */
async function runStale(reason) {
  const { build, describeBuildError } = await import('./build.js');
  let rebuilt = false;
  try {
    const { ms } = await build();
    rebuilt = true;
    // only a person at a terminal needs to know why this start was slower; piped output stays clean
    if (process.stderr.isTTY) process.stderr.write(`carb: rebuilt packages/cli/dist (${reason}) in ${ms.toFixed(0)} ms\n`);
  } catch (err) {
    process.stderr.write(`carb: cannot rebuild packages/cli/dist (${reason}; ${describeBuildError(err)}); running the sources through tsx\n`);
  }
  if (rebuilt) {
    runBundle(BUNDLE, codeCacheFile());
    return;
  }
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('carb: tsx is not installed either (an install without devDependencies?); run `npm ci`\n');
    process.exitCode = 1;
    return;
  }
  register();
  const { main } = await import('../src/main.ts');
  process.exitCode = await main(process.argv.slice(2));
}
