import type { CommandModule } from 'yargs';
import { textOption } from '../options/text.ts';
import { tracked, type AnyCommand } from '../options/parseContext.ts';
import { MISSING_COMMAND } from '../options/yargsMessage.ts';

export interface DiffArgs {
  a: string;
  b: string;
}

const diff: CommandModule<object, DiffArgs> = {
  command: 'diff <a> <b>',
  describe:
    "λ changes between two calibrations' deploy.json, per method × α × stratum, with each one's held-out estimates (summary.json beside it)",
  builder: (y) =>
    y
      .positional('a', { type: 'string', demandOption: true, describe: 'the earlier deploy.json', coerce: textOption('<a>') })
      .positional('b', {
        type: 'string',
        demandOption: true,
        describe: 'the later deploy.json (e.g. after recalibrating)',
        coerce: textOption('<b>'),
      }),
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./deployDiff.run.ts')).run(args),
};

/** The subcommands of `carb deploy`. */
export const subcommands: AnyCommand[] = [diff];

export const command: CommandModule<object, object> = {
  command: 'deploy',
  describe: 'Deployed thresholds: `carb deploy diff a/deploy.json b/deploy.json` compares two calibrations',
  builder: (y) => subcommands.reduce((acc, c) => acc.command(tracked(c, 'carb deploy')), y).demandCommand(1, MISSING_COMMAND),
  handler: () => {},
};
