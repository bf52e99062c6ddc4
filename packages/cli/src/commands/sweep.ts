import type { Argv } from 'yargs';
import { parseNames } from '../options/names.ts';
import { tracked, type AnyCommand } from '../options/parseContext.ts';
import { parseShard, type ShardSpec } from '../options/shard.ts';
import { integer, parsed, path, pathList, required } from '../options/specs.ts';
import { defineCommand } from './define.ts';

export interface SweepArgs {
  spec: string;
  out: string;
  workers?: number;
  only?: string[];
  shard?: ShardSpec;
}

export interface SweepMergeArgs {
  dirs: string[];
  out: string;
}

/**
 * yargs's `.global(keys, false)`: options of a command that its subcommands do not inherit (reset
 * when `carb sweep merge` runs, so its help and checks are its own). Its types omit the flag.
 */
const notInherited = <T>(y: Argv<T>, keys: string[]): Argv<T> =>
  (y.global as unknown as (k: string[], on: boolean) => Argv<T>).call(y, keys, false);

const merge = defineCommand<SweepMergeArgs>({
  command: 'merge <dirs..>',
  describe: 'Join the --out folders of sweep shards and write the tables, CSV, figures and index.html (the bytes of one unsharded run)',
  options: { dirs: pathList('sweep folders (carb sweep --shard i/N --out DIR)'), out: required('folder for the merged sweep') },
  handler: async (args) => (await import('./sweepMerge.run.ts')).run(args),
});

/** The subcommands of `carb sweep`. */
export const subcommands: AnyCommand[] = [merge];

export const command = defineCommand<SweepArgs>({
  command: 'sweep <spec>',
  describe:
    'Run a sensitivity sweep (configs/sweeps/*.json: Table 9 / Table 10): conditions in parallel, resumable, shardable; `carb sweep merge` joins shards',
  options: {
    spec: path('sweep spec (.json, e.g. configs/sweeps/graph-braid-table10.json)'),
    out: required(
      'output folder: conditions/<hash>.json as each finishes, sweep.json, then the tables, conditions.csv, figures and index.html',
    ),
    workers: integer('conditions evaluated at once, each on a worker thread, integer ≥ 1 (default: one per available core)', 1),
    only: parsed('evaluate only these conditions (a comma list of names in the spec)', parseNames),
    shard: parsed(
      'evaluate shard i of N (i/N: conditions k with k mod N = i), or auto / auto/N from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID',
      parseShard,
    ),
  },
  more: (y) =>
    notInherited(
      subcommands.reduce((acc, c) => acc.command(tracked(c, 'carb sweep')), y),
      ['spec', 'out', 'workers', 'only', 'shard'],
    ),
  handler: async (args) => (await import('./sweep.run.ts')).run(args),
});
