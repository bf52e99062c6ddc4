import type { CommandModule } from 'yargs';
import type { CorpusFormat } from '@carb/episodes';
import { flagSpec, formatSpec, textSpec, toolsSpec } from '../options/specs.ts';
import { textListOption } from '../options/text.ts';

export interface InspectArgs {
  corpus: string[];
  format: CorpusFormat;
  json: boolean;
  pipeline?: string;
  tools?: string[];
}

export const command: CommandModule<object, InspectArgs> = {
  command: 'inspect <corpus..>',
  describe: 'Corpus statistics: counts by model/suite/attack, steps, utility and attack success, unknown tools, flags',
  builder: (y) =>
    y
      .positional('corpus', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'AgentDojo runs/ dir, .jsonl or .arrow corpus',
        coerce: textListOption('<corpus>'),
      })
      .option('format', formatSpec())
      .option('json', flagSpec('print the report as JSON (shape: packages/episodes/README.md)'))
      .option(
        'pipeline',
        textSpec('pipeline', 'pipeline config whose tool typing names the known tools (default configs/pipelines/default.json)'),
      )
      .option('tools', toolsSpec()) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./inspect.run.ts')).run(args),
};
