import type { CommandModule } from 'yargs';
import { writeFileAtomic, progress } from '@carb/io';
import type { CorpusFormat } from '@carb/episodes';
import { loadPipeline, defaultPipelinePath, withSelector, type SelectorKind } from '@carb/pipeline';
import { gridMeans, ledgerTraces, naiveReplay, outcomeTableToArrow, replayCorpus } from '@carb/replay';
import { loadEpisodes } from '../loadEpisodes.ts';
import { flagSpec, formatSpec, includeAbortedSpec, pipelineSpec, selectorSpec, strictSpec, textSpec } from '../options/specs.ts';
import { textListOption } from '../options/text.ts';

interface ReplayArgs {
  corpus: string[];
  pipeline?: string;
  selector?: SelectorKind;
  naive: boolean;
  out?: string;
  json: boolean;
  format: CorpusFormat;
  strict: boolean;
  'include-aborted': boolean;
}

export const command: CommandModule<object, ReplayArgs> = {
  command: 'replay <corpus..>',
  describe: 'Replay logged episodes through the frozen gate at every grid threshold (outcome table)',
  builder: (y) =>
    y
      .positional('corpus', { type: 'string', array: true, demandOption: true, describe: 'AgentDojo runs dir, .jsonl or .arrow corpus', coerce: textListOption('<corpus>') })
      .option('pipeline', pipelineSpec())
      .option('selector', selectorSpec('context selector (default: the pipeline\'s selector.kind)'))
      .option('naive', flagSpec('literal Algorithm 1 reference replay (slow)'))
      .option('out', textSpec('out', 'write the outcome table as Arrow IPC (<file>.arrow)', { suffixes: ['.arrow'] }))
      .option('json', flagSpec('print per-grid-point means as JSON'))
      .option('format', formatSpec())
      .option('strict', strictSpec())
      .option('include-aborted', includeAbortedSpec()) as never,
  handler: (args) => {
    const base = loadPipeline(args.pipeline ?? defaultPipelinePath());
    const pipeline = args.selector ? withSelector(base, { kind: args.selector }) : base;
    const episodes = loadEpisodes(args.corpus, { format: args.format, strict: args.strict, includeAborted: args['include-aborted'] });
    let table;
    if (args.naive) {
      table = naiveReplay(episodes, pipeline);
    } else {
      const bar = progress('replay', episodes.length);
      table = replayCorpus(episodes, pipeline, { traces: ledgerTraces(episodes, pipeline), onEpisode: () => bar.tick() });
      bar.stop();
    }
    if (args.out) writeFileAtomic(args.out, outcomeTableToArrow(table));
    const means = gridMeans(table);
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ method: table.method, episodes: table.n, grid: means }, null, 2)}\n`);
      return;
    }
    const at = (g: number) => means[g]!;
    const last = table.G - 1;
    process.stdout.write(
      `replayed ${table.n} episodes with selector ${pipeline.selector.kind}${args.naive ? ' (naive)' : ''}\n` +
        `no stop (λ = 1): loss ${at(last).loss.toFixed(3)}, intervention ${at(last).intervention.toFixed(3)}, utility ${at(last).utility.toFixed(3)}, ctxRed ${at(last).ctxRed?.toFixed(3) ?? '–'}\n` +
        (args.out ? `outcome table: ${args.out}\n` : ''),
    );
  },
};
