import type { VerifyArgs } from '@carb/jobs';
import { parseSha256 } from '../options/hash.ts';
import { parseText } from '../options/text.ts';
import { parsed } from '../options/specs.ts';
import { defineCommand } from './define.ts';

export type { VerifyArgs };

export const command = defineCommand<VerifyArgs>({
  command: 'verify <dir>',
  describe: 'Check every file of a report against its manifest, then re-run it (same working directory) and compare byte for byte',
  options: {
    dir: () => ({
      type: 'string',
      demandOption: true,
      coerce: (raw: unknown) => parseText('dir', raw),
      describe: 'report directory with manifest.json (a main-job section folder works too)',
    }),
    'expect-manifest-hash': parsed('fail unless manifest.json has this SHA-256 (the "manifest sha256" a run prints)', parseSha256, {
      requiresArg: false,
    }),
  },
  handler: async (args) => (await import('./verify.run.ts')).run(args),
});
