import type { Argv, CommandModule } from 'yargs';
import { namesOption } from '../options/names.ts';
import { tracked, type AnyCommand } from '../options/parseContext.ts';
import { shardOption, type ShardSpec } from '../options/shard.ts';
import { integerSpec, textSpec } from '../options/specs.ts';
import { textListOption, textOption } from '../options/text.ts';

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

const merge: CommandModule<object, SweepMergeArgs> = {
  command: 'merge <dirs..>',
  describe: 'Join the --out folders of sweep shards and write the tables, CSV, figures and index.html (the bytes of one unsharded run)',
  builder: (y) =>
    y
      .positional('dirs', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'sweep folders (carb sweep --shard i/N --out DIR)',
        coerce: textListOption('<dirs>'),
      })
      .option('out', textSpec('out', 'folder for the merged sweep', { required: true })) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./sweepMerge.run.ts')).run(args),
};

/** The subcommands of `carb sweep`. */
export const subcommands: AnyCommand[] = [merge];

export const command: CommandModule<object, SweepArgs> = {
  command: 'sweep <spec>',
  describe:
    'Run a sensitivity sweep (configs/sweeps/*.json: Table 9 / Table 10): conditions in parallel, resumable, shardable; `carb sweep merge` joins shards',
  builder: (y) =>
    notInherited(
      subcommands
        .reduce((acc, c) => acc.command(tracked(c, 'carb sweep')), y)
        .positional('spec', {
          type: 'string',
          demandOption: true,
          describe: 'sweep spec (.json, e.g. configs/sweeps/graph-braid-table10.json)',
          coerce: textOption('<spec>'),
        })
        .option(
          'out',
          textSpec(
            'out',
            'output folder: conditions/<hash>.json as each finishes, sweep.json, then the tables, conditions.csv, figures and index.html',
            { required: true },
          ),
        )
        .option(
          'workers',
          integerSpec('workers', 'conditions evaluated at once, each on a worker thread, integer ≥ 1 (default: one per available core)', 1),
        )
        .option('only', {
          type: 'string',
          requiresArg: true,
          describe: 'evaluate only these conditions (a comma list of names in the spec)',
          coerce: namesOption('--only'),
        })
        .option('shard', {
          type: 'string',
          requiresArg: true,
          describe:
            'evaluate shard i of N (i/N: conditions k with k mod N = i), or auto / auto/N from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID',
          coerce: shardOption('--shard'),
        }),
      ['spec', 'out', 'workers', 'only', 'shard'],
    ) as never,
  handler: async (args) => (await import('./sweep.run.ts')).run(args),
};
