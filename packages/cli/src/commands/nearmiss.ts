import type { NearmissArgs } from '@carb/jobs';
import type { PolicyReading } from '@carb/nearmiss';
import { FORMAT, choice, flag, includeContent, pathList, paths, required } from '../options/specs.ts';
import { defineCommand } from './define.ts';

export type { NearmissArgs };

export const command = defineCommand<NearmissArgs>({
  command: 'nearmiss <files..>',
  describe: 'Near-miss audit: mutating tool calls made without the read-only checks their policy guard needs (tau2 and other chat logs)',
  options: {
    files: pathList('tau2 Results JSON, tau-bench or OpenAI chat logs, or canonical corpora'),
    guards: required('guard spec (e.g. configs/guards/tau2-airline.json; schema configs/schema/guards.schema.json)', ['.json']),
    out: required('report folder: index.html, nearmiss.json, flagged.jsonl, Figure 4 bars (SVG + PNG)'),
    json: flag('print the per-agent rows as JSON'),
    reading: choice<PolicyReading>(
      'policy reading of the headline figures and the flagged evidence: literal (every guard check) or substantive (a check waived where its guard spec `readings.substantive` holds); the report shows both',
      ['literal', 'substantive'],
      'literal',
    ),
    'agent-label': paths(
      'the agent each file is counted under: one label for every file, or one per file in order (default: the model the log names, else the file name)',
      {},
    ),
    ...FORMAT,
    'include-content': includeContent('argument values in the flagged evidence (flagged.jsonl, index.html)'),
  },
  handler: async (args) => (await import('./nearmiss.run.ts')).run(args),
});
