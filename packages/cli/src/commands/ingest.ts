import type { IngestArgs } from '@carb/jobs';
import { FORMAT, TYPING, STRICT, pathList, required } from '../options/specs.ts';
import { defineCommand } from './define.ts';

export type { IngestArgs };

export const command = defineCommand<IngestArgs>({
  command: 'ingest <path..>',
  describe: 'Read AgentDojo runs, JSONL or Arrow corpora into one canonical corpus (.arrow, .jsonl or .jsonl.gz)',
  options: {
    path: pathList('AgentDojo runs/ dir or file, .jsonl, .arrow, or a dir of them'),
    ...FORMAT,
    out: required('output corpus: <file>.arrow, <file>.jsonl or <file>.jsonl.gz (gzip level 9)', ['.arrow', '.jsonl', '.jsonl.gz']),
    strict: STRICT,
    ...TYPING,
  },
  handler: async (args) => (await import('./ingest.run.ts')).run(args),
});
