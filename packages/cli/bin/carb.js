#!/usr/bin/env node
// Runs the bundle packages/cli/dist/carb.cjs that `npm ci` built (prepare → build.js), so no
// TypeScript loader is paid at start, compiled with V8's code cache of an earlier run
// (runBundle.js). Sources edited since that build are never run stale: the bundle is rebuilt first
// (esbuild, a second or so, once), or, where that fails (esbuild not installed), the sources run
// through tsx after a one-line note on stderr.
import { setFlagsFromString } from 'node:v8';
import { BUNDLE, codeCacheFile, staleReason } from './fresh.js';
import { runBundle } from './runBundle.js';

/**
 * V8's tier-up threshold, 8× its default of 66 KB of bytecode run: set before any of carb's code is
 * compiled, unless the command line sets it. The default suits pages and servers that run for hours;
 * a carb command runs for seconds, and with it TurboFan compiled 281 functions in `carb calibrate` of
 * the shared AgentDojo runs (~2.1 s of compile-thread time, a third of the run's CPU on 2 cores,
 * taken from the reading thread and the PNG renderer). With 8×: 111 functions (0.5 s), CPU −20%, wall
 * −8%; a 10⁵-episode calibration is unchanged, its hot loops still optimized within the first second.
 */
const TIER_UP_BUDGET = 8 * 67584;
if (!process.execArgv.some((a) => /^--interrupt[-_]budget(=|$)/.test(a))) setFlagsFromString(`--interrupt-budget=${TIER_UP_BUDGET}`);

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
