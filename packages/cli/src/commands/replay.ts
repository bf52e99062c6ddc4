import type { CommandModule } from 'yargs';
import { writeFileAtomic, progress } from '@carb/io';
import type { CorpusFormat } from '@carb/episodes';
import { loadPipeline, defaultPipelinePath, withSelector, type SelectorKind } from '@carb/pipeline';
import { breakpointTablesToArrow, defaultWorkers, denseFromBreakpoints, gridMeans, naiveReplay, replayParallel, type OutcomeTable } from '@carb/replay';
import { loadEpisodes } from '../loadEpisodes.ts';
import { flagSpec, formatSpec, includeAbortedSpec, pipelineSpec, strictSpec, textSpec } from '../options/specs.ts';
import { selectorsSpec } from '../options/selectors.ts';
import { textListOption } from '../options/text.ts';
import { UsageError } from '../options/usageError.ts';
import { workersSpec } from '../options/workers.ts';

interface ReplayArgs {
  corpus: string[];
  pipeline?: string;
  selector?: SelectorKind[];
  naive: boolean;
  out?: string;
  json: boolean;
  workers?: number;
  format: CorpusFormat;
  strict: boolean;
  'include-aborted': boolean;
}

export const command: CommandModule<object, ReplayArgs> = {
  command: 'replay <corpus..>',
  describe: 'Replay logged episodes through the frozen gate at every grid threshold (breakpoint outcome table)',
  builder: (y) =>
    y
      .positional('corpus', { type: 'string', array: true, demandOption: true, describe: 'AgentDojo runs dir, .jsonl or .arrow corpus', coerce: textListOption('<corpus>') })
      .option('pipeline', pipelineSpec())
      .option('selector', selectorsSpec('context selectors, a comma list or repeated, or all (default: the pipeline\'s selector.kind)'))
      .option('naive', flagSpec('literal Algorithm 1 reference replay (slow; not with --out)'))
      .option('out', textSpec('out', 'write the breakpoint table of every selector as Arrow IPC (<file>.arrow)', { suffixes: ['.arrow'] }))
      .option('json', flagSpec('print per-grid-point means as JSON (an array of them with several selectors)'))
      .option('workers', workersSpec())
      .option('format', formatSpec())
      .option('strict', strictSpec())
      .option('include-aborted', includeAbortedSpec())
      .check((argv) => {
        const a = argv as unknown as ReplayArgs;
        if (a.naive && a.out !== undefined) throw new UsageError('--naive: expected without --out (the breakpoint table comes from the single-pass replay), found both');
        return true;
      }) as never,
  handler: async (args) => {
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
  },
};
