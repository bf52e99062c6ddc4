import type { CommandModule } from 'yargs';
import type { NearmissArgs } from '@carb/jobs';
import type { PolicyReading } from '@carb/nearmiss';
import { choiceSpec, flagSpec, formatSpec, textSpec } from '../options/specs.ts';
import { includeContentSpec } from '../options/includeContent.ts';
import { textListOption } from '../options/text.ts';

export type { NearmissArgs };

export const command: CommandModule<object, NearmissArgs> = {
  command: 'nearmiss <files..>',
  describe: 'Near-miss audit: mutating tool calls made without the read-only checks their policy guard needs (tau2 and other chat logs)',
  builder: (y) =>
    y
      .positional('files', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'tau2 Results JSON, tau-bench or OpenAI chat logs, or canonical corpora',
        coerce: textListOption('<files>'),
      })
      .option(
        'guards',
        textSpec('guards', 'guard spec (e.g. configs/guards/tau2-airline.json; schema configs/schema/guards.schema.json)', {
          required: true,
          suffixes: ['.json'],
        }),
      )
      .option(
        'out',
        textSpec('out', 'report folder: index.html, nearmiss.json, flagged.jsonl, Figure 4 bars (SVG + PNG)', { required: true }),
      )
      .option('json', flagSpec('print the per-agent rows as JSON'))
      .option(
        'reading',
        choiceSpec<PolicyReading>(
          'reading',
          'policy reading of the headline figures and the flagged evidence: literal (every guard check) or substantive (a check waived where its guard spec `readings.substantive` holds); the report shows both',
          ['literal', 'substantive'],
          'literal',
        ),
      )
      .option('agent-label', {
        type: 'string',
        array: true,
        describe:
          'the agent each file is counted under: one label for every file, or one per file in order (default: the model the log names, else the file name)',
        coerce: textListOption('--agent-label'),
      })
      .option('format', formatSpec())
      .option('include-content', includeContentSpec('argument values in the flagged evidence (flagged.jsonl, index.html)')) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./nearmiss.run.ts')).run(args),
};
