import type { ReplayArgs } from '@carb/jobs';
import { CORPUS, LEDGER, PIPELINE, WORKERS, flag, parsed, pathList, text } from '../options/specs.ts';
import { parseSelectors } from '../options/selectors.ts';
import { UsageError } from '../options/usageError.ts';
import { checkLedgerArgs } from '../options/ledger.ts';
import { parseShard } from '../options/shard.ts';
import { defineCommand } from './define.ts';

export type { ReplayArgs };

function check(a: ReplayArgs): void {
  if (a.naive && a.out !== undefined)
    throw new UsageError('--naive: expected without --out (the breakpoint table comes from the single-pass replay), found both');
  if (a.shard !== undefined && a.out === undefined)
    throw new UsageError('--shard: expected together with --out DIR (the folder shard files are written to), found no --out');
  if (a.shard !== undefined && a.naive) throw new UsageError('--shard: expected without --naive, found both');
  checkLedgerArgs(a);
  if (a.naive && (a.scores !== undefined || a.ledgerEvents !== undefined))
    throw new UsageError(
      `--naive: expected without ${a.scores !== undefined ? '--scores' : '--ledger-events'} (the reference replay reads the corpus alone), found both`,
    );
  if (a.shard === undefined && a.out !== undefined && !a.out.endsWith('.arrow'))
    throw new UsageError(`--out: expected a <file>.arrow path (or --shard with a directory), found ${a.out}`);
  if (a.shard !== undefined && a.out!.endsWith('.arrow'))
    throw new UsageError(`--out: expected a directory for the shard files with --shard, found ${String(a.out)}`);
}

export const command = defineCommand<ReplayArgs>({
  command: 'replay <corpus..>',
  describe: 'Replay logged episodes through the frozen gate at every grid threshold (breakpoint outcome table)',
  options: {
    ...LEDGER,
    corpus: pathList('AgentDojo runs dir, .jsonl or .arrow corpus'),
    pipeline: PIPELINE,
    selector: parsed("context selectors, a comma list or repeated, or all (default: the pipeline's selector.kind)", parseSelectors),
    naive: flag('literal Algorithm 1 reference replay (slow; not with --out)'),
    out: text(
      'write the breakpoint table of every selector as Arrow IPC (<file>.arrow; with --shard, a directory for shard-<i>-of-<N>.arrow)',
    ),
    json: flag('print per-grid-point means as JSON (an array of them with several selectors)'),
    workers: WORKERS,
    shard: parsed(
      'replay shard i of N (i/N), or auto / auto/N from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, into the folder given by --out',
      parseShard,
    ),
    ...CORPUS,
  },
  check,
  handler: async (args) => (await import('./replay.run.ts')).run(args),
});
