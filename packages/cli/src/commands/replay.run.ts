import { writeFileAtomic, progress } from '@carb/io';
import { loadPipeline, defaultPipelinePath, withSelector } from '@carb/pipeline';
import { breakpointTablesToArrow, defaultWorkers, denseFromBreakpoints, gridMeans, naiveReplay, replayParallel, type OutcomeTable } from '@carb/replay';
import { loadEpisodes } from '../loadEpisodes.ts';
import type { ReplayArgs } from './replay.ts';

/** `carb replay`, once its options have passed. */
export async function run(args: ReplayArgs): Promise<void> {
  const base = loadPipeline(args.pipeline ?? defaultPipelinePath());
  const kinds = args.selector ?? [base.selector.kind];
  const episodes = loadEpisodes(args.corpus, { format: args.format, strict: args.strict, includeAborted: args['include-aborted'] });
  let tables: OutcomeTable[];
  if (args.naive) {
    tables = kinds.map((kind) => naiveReplay(episodes, withSelector(base, { kind })));
  } else {
    const bar = progress('replay', episodes.length);
    const selectors = kinds.map((kind) => ({ method: kind, selector: withSelector(base, { kind }).selector }));
    const breakpoints = await replayParallel(episodes, base, selectors, { workers: args.workers ?? defaultWorkers(), onEpisodes: (k) => { for (let i = 0; i < k; i++) bar.tick(); } });
    bar.stop();
    if (args.out) writeFileAtomic(args.out, breakpointTablesToArrow(breakpoints));
    tables = breakpoints.map(denseFromBreakpoints);
  }
  const summaries = tables.map((table) => ({ method: table.method, episodes: table.n, grid: gridMeans(table) }));
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
