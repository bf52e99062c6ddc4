import type { CommandModule } from 'yargs';
import type { ReplayArgs } from '@carb/jobs';
import { flagSpec, formatSpec, includeAbortedSpec, pipelineSpec, strictSpec, textSpec } from '../options/specs.ts';
import { selectorsSpec } from '../options/selectors.ts';
import { textListOption } from '../options/text.ts';
import { UsageError } from '../options/usageError.ts';
import { workersSpec } from '../options/workers.ts';
import { checkLedgerArgs, ledgerOptions } from '../options/ledger.ts';
import { shardOption } from '../options/shard.ts';

export type { ReplayArgs };

export const command: CommandModule<object, ReplayArgs> = {
  command: 'replay <corpus..>',
  describe: 'Replay logged episodes through the frozen gate at every grid threshold (breakpoint outcome table)',
  builder: (y) =>
    ledgerOptions(y)
      .positional('corpus', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'AgentDojo runs dir, .jsonl or .arrow corpus',
        coerce: textListOption('<corpus>'),
      })
      .option('pipeline', pipelineSpec())
      .option('selector', selectorsSpec("context selectors, a comma list or repeated, or all (default: the pipeline's selector.kind)"))
      .option('naive', flagSpec('literal Algorithm 1 reference replay (slow; not with --out)'))
      .option(
        'out',
        textSpec(
          'out',
          'write the breakpoint table of every selector as Arrow IPC (<file>.arrow; with --shard, a directory for shard-<i>-of-<N>.arrow)',
        ),
      )
      .option('json', flagSpec('print per-grid-point means as JSON (an array of them with several selectors)'))
      .option('workers', workersSpec())
      .option('shard', {
        type: 'string',
        requiresArg: true,
        describe:
          'replay shard i of N (i/N), or auto / auto/N from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, into the folder given by --out',
        coerce: shardOption('--shard'),
      })
      .option('format', formatSpec())
      .option('strict', strictSpec())
      .option('include-aborted', includeAbortedSpec())
      .check((argv) => {
        const a = argv as unknown as ReplayArgs;
        if (a.naive && a.out !== undefined)
          throw new UsageError('--naive: expected without --out (the breakpoint table comes from the single-pass replay), found both');
        if (a.shard !== undefined && a.out === undefined)
          throw new UsageError('--shard: expected together with --out DIR (the folder shard files are written to), found no --out');
        if (a.shard !== undefined && a.naive) throw new UsageError('--shard: expected without --naive, found both');
        checkLedgerArgs(a);
        if (a.naive && (a.scores !== undefined || a['ledger-events'] !== undefined))
          throw new UsageError(
            `--naive: expected without ${a.scores !== undefined ? '--scores' : '--ledger-events'} (the reference replay reads the corpus alone), found both`,
          );
        if (a.shard === undefined && a.out !== undefined && !a.out.endsWith('.arrow'))
          throw new UsageError(`--out: expected a <file>.arrow path (or --shard with a directory), found ${a.out}`);
        if (a.shard !== undefined && a.out!.endsWith('.arrow'))
          throw new UsageError(`--out: expected a directory for the shard files with --shard, found ${String(a.out)}`);
        return true;
      }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./replay.run.ts')).run(args),
};
