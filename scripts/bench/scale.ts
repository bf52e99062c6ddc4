// Issue 9's scale target: `carb suite graph-braid --size 10⁶`, then `carb calibrate` of G-CARB at α = .10 with
// 200 splits, each as its own process: wall time and peak RSS (VmHWM of the process, worker threads included),
// read with GNU time. Off by default (it writes a 4.5 GB corpus): CARB_BENCH_SCALE=1000000 npm run bench scale
// (any size; the corpus is cached under CARB_BENCH_DIR, default /tmp/carb-bench-scale).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const TIME = '/usr/bin/time';

interface Measured {
  wallS: number;
  /** User + system CPU seconds, all threads: on a shared machine the wall time says little without it. */
  cpuS: number;
  peakMiB: number;
  stdout: string;
}

function measured(args: string[]): Measured {
  const r = spawnSync(TIME, ['-f', '%e %M %U %S', 'node', join(ROOT, 'packages/cli/bin/carb.js'), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`carb ${args.join(' ')} failed (${String(r.status)}): ${r.stderr.slice(-2000)}`);
  const last = r.stderr.trim().split('\n').pop()!.split(' ');
  return { wallS: Number(last[0]), cpuS: Number(last[2]) + Number(last[3]), peakMiB: Number(last[1]) / 1024, stdout: r.stdout };
}

export function bench(): string[] {
  const dir = process.env.CARB_BENCH_DIR ?? '/tmp/carb-bench-scale';
  // a corpus cached by an earlier run is measured in every `npm run bench`; writing it is opt-in
  const size = Number(process.env.CARB_BENCH_SCALE ?? (existsSync(join(dir, 'graph-braid-1000000.jsonl')) ? 1000000 : 0));
  if (!size) return ['skipped: set CARB_BENCH_SCALE=1000000 (writes a 4.5 GB corpus; ~10 min on 2 cores) to measure the 10⁶ target'];
  if (!existsSync(TIME)) return [`skipped: ${TIME} (GNU time) is absent, so peak RSS cannot be read`];
  mkdirSync(dir, { recursive: true });
  const corpus = join(dir, `graph-braid-${size}.jsonl`);
  const lines: string[] = [];
  if (!existsSync(corpus)) {
    const g = measured(['suite', 'graph-braid', '--size', String(size), '--out', corpus]);
    lines.push(
      `suite graph-braid --size ${size}: ${g.wallS.toFixed(1)} s wall (${g.cpuS.toFixed(1)} s CPU), peak RSS ${g.peakMiB.toFixed(0)} MiB, corpus ${(statSync(corpus).size / 2 ** 30).toFixed(2)} GiB`,
    );
  } else {
    lines.push(`corpus cached: ${corpus} (${(statSync(corpus).size / 2 ** 30).toFixed(2)} GiB)`);
  }
  const out = join(dir, 'report');
  rmSync(out, { recursive: true, force: true });
  const c = measured(['calibrate', corpus, '--methods', 'g-carb', '--alphas', '.10', '--splits', '200', '--no-frontier', '--out', out]);
  const row = c.stdout.split('\n').find((l) => l.includes('G-CARB')) ?? '';
  lines.push(
    `calibrate G-CARB α = .10, 200 splits, ${size} episodes: ${c.wallS.toFixed(1)} s wall (target < 60 s; ${c.cpuS.toFixed(1)} s CPU), peak RSS ${c.peakMiB.toFixed(0)} MiB (target < 1024 MiB)`,
  );
  lines.push(`  ${row.trim()}`);
  const deploy = JSON.parse(readFileSync(join(out, 'deploy.json'), 'utf8')) as Array<{ method: string; lambda: number | null }>;
  lines.push(`  deploy λ̂ (G-CARB, all ${size} episodes): ${String(deploy.find((d) => d.method === 'g-carb')?.lambda)}`);
  return lines;
}
