import { replay } from '@carb/jobs';
import { printNotice } from '../printNotice.ts';
import type { ReplayArgs } from './replay.ts';

/** `carb replay`, once its options have passed: the job (@carb/jobs), then per selector its no-stop means. */
export async function run(args: ReplayArgs): Promise<void> {
  const result = await replay(args, printNotice);
  if (result.kind === 'shard') {
    const { shard, replayed, episodes, selectors, file } = result;
    process.stdout.write(
      `shard ${shard.index}/${shard.count}: replayed ${replayed} of ${episodes} episodes with ${selectors.join(', ')}\nbreakpoint shard: ${file}\n`,
    );
    return;
  }
  const { summaries } = result;
  if (args.json) {
    process.stdout.write(`${JSON.stringify(summaries.length === 1 ? summaries[0] : summaries, null, 2)}\n`);
    return;
  }
  for (const { method, episodes: n, grid } of summaries) {
    const last = grid[grid.length - 1]!;
    process.stdout.write(
      `replayed ${n} episodes with selector ${method}${args.naive ? ' (naive)' : ''}\n` +
        `no stop (λ = 1): loss ${last.loss.toFixed(3)}, intervention ${last.intervention.toFixed(3)}, utility ${last.utility.toFixed(3)}, ctxRed ${last.ctxRed?.toFixed(3) ?? '–'}\n`,
    );
  }
  if (args.out) process.stdout.write(`breakpoint table: ${args.out}\n`);
}
