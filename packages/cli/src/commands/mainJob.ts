import type { CommandModule } from 'yargs';
import type { MainArgs } from '@carb/jobs';
import { textOption } from '../options/text.ts';

export type { MainArgs };

export const command: CommandModule<object, MainArgs> = {
  command: 'main',
  describe: 'Run the main job (npm start): calibrate on the bundled real AgentDojo logs and constructed suites into ./out',
  builder: (y) =>
    y
      .option('job', {
        type: 'string',
        default: 'configs/jobs/default.json',
        coerce: textOption('--job'),
        describe: 'job file (relative to --root)',
      })
      .option('root', {
        type: 'string',
        default: '.',
        coerce: textOption('--root'),
        describe: 'project root the job paths are relative to',
      })
      .option('out', {
        type: 'string',
        coerce: textOption('--out'),
        describe: "report directory (default: the job's; with --section, the section's folder in it)",
      })
      .option('section', {
        type: 'string',
        coerce: textOption('--section'),
        describe: 'run only this section of the job (its slug) into a report of its own',
      }),
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./mainJob.run.ts')).run(args),
};
