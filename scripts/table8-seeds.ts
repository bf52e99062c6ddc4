// npx tsx scripts/table8-seeds.ts [first=0] [count=20]: the graph-braid rows of Table 8 at corpus
// seeds first … first+count−1 (default generator parameters, α = .10, 200 assignments each), and
// the spread of every cell over the seeds. Realized prevalence varies by seed (Bernoulli(.4) over
// 2,000 trajectories), and so do the cells that follow it; the paper prints one realization (.390).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const first = Number(process.argv[2] ?? 0);
const count = Number(process.argv[3] ?? 20);
const carb = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'carb.js');
const METHODS = ['no-guard', 'ledger-current', 'full-prefix', 'fixed-window-4', 'equal-size-random', 'g-carb'] as const;
const CELLS = ['meanLoss', 'harmStop', 'benignStop', 'intervention', 'utility', 'ctxRed'] as const;
/** Table 8, graph-braid cohort (g-carb App. F.2). */
const PAPER: Record<string, number[]> = {
  'no-guard': [0.39, 0, 0, 0, 1, NaN],
  'ledger-current': [0, 1, 0, 0.39, 0.61, 0.898],
  'full-prefix': [0, 1, 0.095, 1, 0, 0],
  'fixed-window-4': [0, 1, 0.095, 1, 0, 0.067],
  'equal-size-random': [0, 1, 0.079, 0.905, 0.095, 0.45],
  'g-carb': [0, 1, 0, 0.39, 0.61, 0.471],
};

type Row = Record<(typeof CELLS)[number], number | null> & { method: string; alpha: number; stratum: string; guarantee: string };
const work = mkdtempSync(join(tmpdir(), 'carb-table8-'));
const bySeed: Array<Map<string, Row>> = [];
try {
  for (let seed = first; seed < first + count; seed++) {
    const corpus = join(work, `gb-${seed}.jsonl`);
    execFileSync('node', [carb, 'suite', 'graph-braid', '--seed', String(seed), '--out', corpus], { stdio: 'ignore' });
    const out = join(work, `out-${seed}`);
    execFileSync('node', [carb, 'calibrate', corpus, '--alphas', '.10', '--no-frontier', '--workers', '1', '--out', out], {
      stdio: 'ignore',
    });
    const rows = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Row[];
    bySeed.push(
      new Map(rows.filter((r) => r.alpha === 0.1 && r.stratum === 'all' && r.guarantee === 'expectation').map((r) => [r.method, r])),
    );
    process.stderr.write(`seed ${seed} done\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const f3 = (x: number | null): string => (x === null || Number.isNaN(x) ? '–' : x.toFixed(3));
console.log(
  `Graph-braid, Table 8 cells at α = .10 over corpus seeds ${first}–${first + count - 1}: seed ${first} value, then [min, median, max] over the seeds, then the paper`,
);
console.log(`| method | cell | seed ${first} | min | median | max | paper |`);
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const m of METHODS) {
  CELLS.forEach((c, k) => {
    const xs = bySeed
      .map((s) => s.get(m)?.[c] ?? null)
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b);
    if (!xs.length) return;
    const med = xs.length % 2 ? xs[(xs.length - 1) / 2]! : (xs[xs.length / 2 - 1]! + xs[xs.length / 2]!) / 2;
    console.log(
      `| ${m} | ${c} | ${f3(bySeed[0]!.get(m)?.[c] ?? null)} | ${f3(xs[0]!)} | ${f3(med)} | ${f3(xs[xs.length - 1]!)} | ${f3(PAPER[m]![k]!)} |`,
    );
  });
}
