// Issue 26's end-to-end figures: `carb calibrate` of the shared AgentDojo runs with default options (frontier on),
// `--no-frontier` beside it, and `npm start` (the main job), each as its own process: median wall time of 3 and peak
// RSS (VmHWM, worker threads included) read with GNU time. `npm start` writes the job's folder (out/) as a user's
// run would; the calibrations write to a temporary folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/timing.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = resolve(ROOT, '../shared/corpora/agentdojo-runs/runs');
const TIME = '/usr/bin/time';
const REPS = 3;

interface Run {
  wallS: number;
  /** User + system CPU of the process and its threads: on a machine others share, the steadier figure. */
  cpuS: number;
  peakMiB: number;
}

function timed(cmd: string, args: string[]): Run {
  const r = spawnSync(TIME, ['-f', '%e %U %S %M', cmd, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`e2e: ${cmd} ${args.join(' ')} exited ${String(r.status)}: ${r.stderr.slice(-1000)}`);
  const [wall, user, sys, kib] = r.stderr.trim().split('\n').pop()!.split(' ');
  return { wallS: Number(wall), cpuS: Number(user) + Number(sys), peakMiB: Number(kib) / 1024 };
}

function line(name: string, runs: Run[], target: string): string {
  return `e2e: ${name}: ${median(runs.map((r) => r.wallS)).toFixed(2)} s median of ${runs.length} (${runs.map((r) => r.wallS.toFixed(2)).join(', ')}), CPU ${median(runs.map((r) => r.cpuS)).toFixed(2)} s, peak RSS ${Math.max(...runs.map((r) => r.peakMiB)).toFixed(0)} MiB; target ${target}`;
}

export function bench(): string[] {
  if (!existsSync(TIME)) return [`skipped: ${TIME} (GNU time) is absent, so peak RSS cannot be read`];
  const lines: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'carb-e2e-'));
  const carb = join(ROOT, 'packages/cli/bin/carb.js');
  try {
    // one untimed start rebuilds a stale bundle
    timed(process.execPath, [carb, '--version']);
    if (existsSync(RUNS)) {
      const ways = [
        { name: 'carb calibrate <shared runs> (default: frontier on)', args: [] as string[], target: '< 1.5 s' },
        { name: 'carb calibrate <shared runs> --no-frontier', args: ['--no-frontier'], target: '—' },
      ];
      const runs = ways.map(() => [] as Run[]);
      // ways interleaved, so machine load hits both alike
      for (let r = 0; r < REPS; r++)
        ways.forEach((w, i) =>
          runs[i]!.push(timed(process.execPath, [carb, 'calibrate', RUNS, ...w.args, '--out', join(dir, `cal-${i}-${r}`)])),
        );
      ways.forEach((w, i) => lines.push(line(w.name, runs[i]!, w.target)));
    } else lines.push(`e2e: calibrate skipped: ${RUNS} not found`);
    const start: Run[] = [];
    for (let r = 0; r < REPS; r++) start.push(timed('npm', ['start', '--silent']));
    lines.push(line('npm start (carb main)', start, '< 5 s'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === `file://${String(process.argv[1])}`) {
  for (const l of bench()) process.stdout.write(`${l}\n`);
}
