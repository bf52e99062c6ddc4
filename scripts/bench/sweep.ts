// The Table 10 sweep (configs/sweeps/graph-braid-table10.json, 16 conditions × 20 assignments of
// 2,000 graph-braid trajectories) with 1 and 2 workers, each a fresh `carb sweep` process into
// its own folder, in one run; the two folders must be byte-identical. Also the CES audit (Table 9).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CARB = join(ROOT, 'packages/cli/bin/carb.js');

function files(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      return e.isDirectory() ? files(dir, rel) : [rel];
    })
    .sort();
}

function sweep(spec: string, out: string, workers: number): number {
  const t0 = performance.now();
  const r = spawnSync('node', [CARB, 'sweep', join(ROOT, spec), '--workers', String(workers), '--out', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`carb sweep ${spec} --workers ${workers} failed (${String(r.status)}): ${r.stderr.slice(-2000)}`);
  return (performance.now() - t0) / 1000;
}

export function bench(): string[] {
  const work = mkdtempSync(join(tmpdir(), 'carb-bench-sweep-'));
  try {
    const lines: string[] = [];
    for (const spec of ['configs/sweeps/graph-braid-table10.json', 'configs/sweeps/ces-evidence-audit.json']) {
      const one = join(work, 'w1');
      const two = join(work, 'w2');
      rmSync(one, { recursive: true, force: true });
      rmSync(two, { recursive: true, force: true });
      const s1 = sweep(spec, one, 1);
      const s2 = sweep(spec, two, 2);
      const same =
        files(one).join() === files(two).join() && files(one).every((f) => readFileSync(join(one, f)).equals(readFileSync(join(two, f))));
      lines.push(
        `${spec}: 1 worker ${s1.toFixed(1)} s, 2 workers ${s2.toFixed(1)} s wall (×${(s1 / s2).toFixed(2)}); outputs ${same ? 'byte-identical' : 'DIFFER'}`,
      );
    }
    return lines;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
