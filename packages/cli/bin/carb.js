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

/**
 * The young generation's growth step, 16× instead of V8's 2×, unless the command line sets it: V8
 * starts each heap's semi-spaces at 1 MB and doubles them while objects survive, so a command
 * that decodes batches of episodes scavenges and promotes them through 1, 2, 4 and 8 MB before
 * reaching the 16 MB ceiling. One step there instead: `carb calibrate` of the shared AgentDojo runs
 * scavenges its main heap 34 times instead of 42–43 and fully collects it once instead of twice, and
 * ran 50 ms faster (median of 14 interleaved pairs, faster in 13). The ceiling, hence the peak memory
 * of a long run, is V8's own. The size V8 starts from (--min-semi-space-size) would serve better, but
 * V8 reads it only when it creates the heap.
 */
if (!process.execArgv.some((a) => /^--semi[-_]space[-_]growth[-_]factor(=|$)/.test(a))) setFlagsFromString('--semi-space-growth-factor=16');

/**
 * The semi-space size of the heaps created from here on (worker threads': this thread's heap is made
 * already), 32 MB unless the command line sets it. V8 sizes a young generation by what survives its
 * scavenges, and a replay thread keeps few survivors (an episode is garbage once replayed,
 * FusedReplayRows): left to V8, its semi-spaces stayed at 16 MB of the 32 MB replayPool allows, and a
 * scavenge has a cost of its own. 10⁵ graph-braid episodes: 113–120 scavenges a replay thread instead
 * of 174–187; 10⁶: 65.5–71.1 s and 125–136 CPU-s against 72.6–75.4 s and 138–144 CPU-s before
 * FusedReplayRows and this (five runs and four, alternated; either alone, 73.7 and 74.6 s).
 */
if (!process.execArgv.some((a) => /^--min[-_]semi[-_]space[-_]size(=|$)/.test(a))) setFlagsFromString('--min-semi-space-size=32');

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
