import type { CommandModule } from 'yargs';
import type { IngestArgs } from '@carb/jobs';
import { formatSpec, strictSpec, textSpec, toolsSpec } from '../options/specs.ts';
import { textListOption } from '../options/text.ts';

export type { IngestArgs };

export const command: CommandModule<object, IngestArgs> = {
  command: 'ingest <path..>',
  describe: 'Read AgentDojo runs, JSONL or Arrow corpora into one canonical corpus (.arrow, .jsonl or .jsonl.gz)',
  builder: (y) =>
    y
      .positional('path', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'AgentDojo runs/ dir or file, .jsonl, .arrow, or a dir of them',
        coerce: textListOption('<path>'),
      })
      .option('format', formatSpec())
      .option(
        'out',
        textSpec('out', 'output corpus: <file>.arrow, <file>.jsonl or <file>.jsonl.gz (gzip level 9)', {
          required: true,
          suffixes: ['.arrow', '.jsonl', '.jsonl.gz'],
        }),
      )
      .option('strict', strictSpec())
      .option(
        'pipeline',
        textSpec('pipeline', 'pipeline config whose tool typing names the known tools (default configs/pipelines/default.json)'),
      )
      .option('tools', toolsSpec()) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./ingest.run.ts')).run(args),
};
