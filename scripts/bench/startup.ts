import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 15;

interface Way { name: string; cmd: string; args: string[] }

/** `carb --help` started each way a user or a test can start it; the bundle is built first if stale. */
const WAYS: Way[] = [
  { name: 'bundle (node packages/cli/dist/carb.js)', cmd: process.execPath, args: [join(ROOT, 'packages/cli/dist/carb.js')] },
  { name: 'bin (freshness check + bundle)', cmd: process.execPath, args: [join(ROOT, 'packages/cli/bin/carb.js')] },
  { name: 'sources through tsx (before the build)', cmd: process.execPath, args: ['--import', 'tsx', join(ROOT, 'packages/cli/bin/entry.ts')] },
  { name: 'npx carb (npm exec + bin)', cmd: 'npx', args: ['carb'] },
  { name: 'npx floor: npx esbuild --version (npm exec alone)', cmd: 'npx', args: ['esbuild'] },
];

function once(way: Way): number {
  const arg = way.args[0] === 'esbuild' ? '--version' : '--help';
  const t0 = performance.now();
  const r = spawnSync(way.cmd, [...way.args, arg], { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`startup: ${way.name} exited ${r.status}: ${r.stderr.split('\n')[0]}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall time of `carb --help` (median and best of 15, ways interleaved so machine load hits all alike). */
export async function bench(): Promise<string[]> {
  // one start through the bin rebuilds a stale bundle, so every way below times current code
  once(WAYS[1]!);
  const times = WAYS.map(() => [] as number[]);
  for (let r = 0; r < RUNS; r++) WAYS.forEach((w, i) => times[i]!.push(once(w)));
  const med = times.map(median);
  const lines = WAYS.map((w, i) => `startup: carb --help, ${w.name}: ${med[i]!.toFixed(0)} ms median, ${Math.min(...times[i]!).toFixed(0)} ms best of ${RUNS}`);
  lines.push(`startup: bundle vs tsx ${(med[2]! / med[0]!).toFixed(1)}× faster; bin's check + import costs ${(med[1]! - med[0]!).toFixed(0)} ms; target: carb --help well under 300 ms`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await bench()) process.stdout.write(`${line}\n`);
}
