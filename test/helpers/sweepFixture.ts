import { createHash } from 'node:crypto';
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A sweep small enough for `npm test`: four graph-braid conditions of 200 trajectories
 * (folds of 60/60, Table 2's 3/10) with two split seeds each, recalibrated at α = .10.
 */
export const TINY_SWEEP = {
  description: 'test sweep: four small graph-braid conditions',
  mode: 'recalibrate',
  alpha: '.10',
  methods: ['no-guard', 'g-carb'],
  primary: 'g-carb',
  conditions: [
    {
      name: 'baseline',
      family: 'baseline',
      suite: 'graph-braid',
      seed: 0,
      params: { trajectories: 200 },
      splitSeeds: { first: 1, count: 2 },
    },
    {
      name: 'prevalence-.2',
      family: 'prevalence',
      suite: 'graph-braid',
      seed: 0,
      params: { trajectories: 200, harm: 0.2 },
      splitSeeds: { first: 101, count: 2 },
    },
    {
      name: 'score-noise-.10',
      family: 'score-noise',
      suite: 'graph-braid',
      seed: 0,
      params: { trajectories: 200, scoreNoise: 0.1 },
      splitSeeds: { first: 201, count: 2 },
    },
    {
      name: 'edge-dropout-.10',
      family: 'edge-dropout',
      suite: 'graph-braid',
      seed: 0,
      params: { trajectories: 200, edgeDropout: 0.1 },
      splitSeeds: { first: 301, count: 2 },
    },
  ],
} as const;

/** Writes the tiny sweep (or a variant) as `<dir>/tiny.json` (spec name "tiny"); returns the path. */
export function writeTinySweep(dir: string, overrides: Record<string, unknown> = {}): string {
  const file = join(dir, 'tiny.json');
  writeFileSync(file, JSON.stringify({ ...TINY_SWEEP, ...overrides }, null, 2));
  return file;
}

/** Every file under `dir` (hidden ones too) → SHA-256 of its bytes. */
export function snapshot(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(out, snapshot(dir, rel));
    else
      out[rel] = createHash('sha256')
        .update(readFileSync(join(dir, rel)))
        .digest('hex');
  }
  return out;
}

/** The files a finished recalibrate sweep of four conditions holds, besides its condition files. */
export const TINY_AGGREGATES = ['conditions.csv', 'figure4b.png', 'figure4b.svg', 'index.html', 'sweep.json', 'table10.json'];

/**
 * `dir` made into shard i of 2 of the finished four-condition sweep at `one`, as `--shard i/2`
 * leaves it (sweep.json and the conditions k with k mod 2 = i): copied, so no condition is
 * evaluated again.
 */
export function shardCopy(one: string, dir: string, i: number): string {
  rmSync(dir, { recursive: true, force: true });
  cpSync(one, dir, { recursive: true });
  for (const f of TINY_AGGREGATES.filter((f) => f !== 'sweep.json')) rmSync(join(dir, f));
  const record = JSON.parse(readFileSync(join(dir, 'sweep.json'), 'utf8')) as { conditions: ReadonlyArray<{ hash: string }> };
  record.conditions.forEach((c, k) => {
    if (k % 2 !== i) rmSync(join(dir, 'conditions', `${c.hash}.json`));
  });
  return dir;
}

/** The usage errors of carb sweep on the tiny spec (what, argv, stderr): each exits 2 with one line and writes nothing. */
export function sweepUsageCases(spec: string, work: string, one: string, out: string): Array<[string, string[], string]> {
  return [
    [
      'an unknown --only name',
      ['sweep', spec, '--out', out, '--only', 'baseline,prevalence-.3'],
      'carb: --only: expected condition names of sweep tiny (did you mean prevalence-.2?), found prevalence-.3\n',
    ],
    [
      'an --only entry left empty',
      ['sweep', spec, '--out', out, '--only', 'baseline,'],
      'carb: --only: expected a comma list of names, found an empty entry in "baseline,"\n',
    ],
    [
      'a shard index out of range',
      ['sweep', spec, '--out', out, '--shard', '2/2'],
      'carb: --shard: expected a shard index i with 0 ≤ i < N = 2, found 2/2 → i = 2\n',
    ],
    [
      'a shard that is not i/N',
      ['sweep', spec, '--out', out, '--shard', '1'],
      'carb: --shard: expected i/N with 0 ≤ i < N (e.g. 3/16), auto, or auto/N, found 1\n',
    ],
    [
      'a missing spec file',
      ['sweep', join(work, 'missing.json'), '--out', out],
      `carb: <spec>: expected a sweep spec file (e.g. configs/sweeps/graph-braid-table10.json), found no file at ${join(work, 'missing.json')}\n`,
    ],
    ['no --out', ['sweep', spec], 'carb: --out: expected a value (required by carb sweep), found nothing\n'],
    [
      'a run option given to merge',
      ['sweep', 'merge', one, '--out', out, '--workers', '2'],
      'carb: --workers: unknown option for carb sweep merge\n',
    ],
  ];
}
