import type { CommandModule } from 'yargs';
import type { CorpusFormat } from '@carb/episodes';
import type { SelectorKind } from '@carb/pipeline';
import { flagSpec, formatSpec, includeAbortedSpec, pipelineSpec, strictSpec, textSpec } from '../options/specs.ts';
import { selectorsSpec } from '../options/selectors.ts';
import { textListOption } from '../options/text.ts';
import { UsageError } from '../options/usageError.ts';
import { workersSpec } from '../options/workers.ts';

export interface ReplayArgs {
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
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./replay.run.ts')).run(args),
};
