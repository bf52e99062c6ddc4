import type { CorpusFormat } from '@carb/episodes';
import { FORMAT, TYPING, flag, pathList } from '../options/specs.ts';
import { defineCommand } from './define.ts';

export interface InspectArgs {
  corpus: string[];
  format: CorpusFormat;
  json: boolean;
  pipeline?: string;
  tools?: string[];
}

export const command = defineCommand<InspectArgs>({
  command: 'inspect <corpus..>',
  describe: 'Corpus statistics: counts by model/suite/attack, steps, utility and attack success, unknown tools, flags',
  options: {
    corpus: pathList('AgentDojo runs/ dir, .jsonl or .arrow corpus'),
    ...FORMAT,
    json: flag('print the report as JSON (shape: packages/episodes/README.md)'),
    ...TYPING,
  },
  handler: async (args) => (await import('./inspect.run.ts')).run(args),
});
