import type { CommandModule } from 'yargs';
import type { VerifyArgs } from '@carb/jobs';
import { sha256Option } from '../options/hash.ts';
import { textOption } from '../options/text.ts';

export type { VerifyArgs };

export const command: CommandModule<object, VerifyArgs> = {
  command: 'verify <dir>',
  describe: 'Check every file of a report against its manifest, then re-run it (same working directory) and compare byte for byte',
  builder: (y) =>
    y
      .positional('dir', {
        type: 'string',
        demandOption: true,
        coerce: textOption('dir'),
        describe: 'report directory with manifest.json (a main-job section folder works too)',
      })
      .option('expect-manifest-hash', {
        type: 'string',
        coerce: sha256Option('--expect-manifest-hash'),
        describe: 'fail unless manifest.json has this SHA-256 (the "manifest sha256" a run prints)',
      }),
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./verify.run.ts')).run(args),
};
