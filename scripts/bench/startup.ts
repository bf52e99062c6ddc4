import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { median } from './lib/timing.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 15;

interface Way {
  name: string;
  cmd: string;
  args: string[];
}

const BUNDLE = join(ROOT, 'packages/cli/dist/carb.cjs');
const BIN = join(ROOT, 'packages/cli/bin/carb.js');

/**
 * carb started each way a user or a test can start it; the bundle is built first if stale. The
 * help of a command and --version are timed too: each command's work is a chunk of its own
 * (loaded by import() when it runs), so none of them should pay for apache-arrow, ajv or resvg.
 */
const WAYS: Way[] = [
  { name: 'carb --help, bundle (node packages/cli/dist/carb.cjs, no code cache)', cmd: process.execPath, args: [BUNDLE, '--help'] },
  { name: 'carb --help, bin (freshness check + bundle)', cmd: process.execPath, args: [BIN, '--help'] },
  { name: 'carb --version, bin', cmd: process.execPath, args: [BIN, '--version'] },
  { name: 'carb calibrate --help, bin', cmd: process.execPath, args: [BIN, 'calibrate', '--help'] },
  {
    name: 'carb --help, sources through tsx (before the build)',
    cmd: process.execPath,
    args: ['--import', 'tsx', join(ROOT, 'packages/cli/bin/entry.ts'), '--help'],
  },
  { name: 'carb --help, npx carb (npm exec + bin)', cmd: 'npx', args: ['carb', '--help'] },
  { name: 'npx floor: npx esbuild --version (npm exec alone)', cmd: 'npx', args: ['esbuild', '--version'] },
  { name: 'node floor: node -e 0', cmd: process.execPath, args: ['-e', '0'] },
];

function once(way: Way): number {
  const t0 = performance.now();
  const r = spawnSync(way.cmd, way.args, { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`startup: ${way.name} exited ${String(r.status)}: ${r.stderr.split('\n')[0]!}`);
  return ms;
}

/** Wall time of carb's start (median and best of 15, ways interleaved so machine load hits all alike). */
export function bench(): string[] {
  // one start through the bin rebuilds a stale bundle, so every way below times current code
  once(WAYS[1]!);
  const times = WAYS.map(() => [] as number[]);
  for (let r = 0; r < RUNS; r++) WAYS.forEach((w, i) => times[i]!.push(once(w)));
  const med = times.map(median);
  const lines = WAYS.map(
    (w, i) => `startup: ${w.name}: ${med[i]!.toFixed(0)} ms median, ${Math.min(...times[i]!).toFixed(0)} ms best of ${RUNS}`,
  );
  lines.push(
    `startup: bundle vs tsx ${(med[4]! / med[0]!).toFixed(1)}× faster; the bin (freshness check, bundle compiled from its code cache) against the bundle alone: ${(med[1]! - med[0]!).toFixed(0)} ms; target: carb --help well under 300 ms`,
  );
  return lines;
}

if (import.meta.url === `file://${String(process.argv[1])}`) {
  for (const line of bench()) process.stdout.write(`${line}\n`);
}
