import type { CommandModule } from 'yargs';
import { flagSpec } from '../options/specs.ts';
import { textOption } from '../options/text.ts';
import { tracked, type AnyCommand } from '../options/parseContext.ts';
import { MISSING_COMMAND } from '../options/yargsMessage.ts';

export interface CheckArgs {
  file: string;
  json: boolean;
}

const check: CommandModule<object, CheckArgs> = {
  command: 'check <file>',
  describe: 'Validate a pipeline config; print it normalized (canonical JSON, tool typing resolved) with its hashes',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'pipeline config (.json)', coerce: textOption('<file>') })
      .option('json', flagSpec('print {config, configHash, components} as JSON')) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./pipeline.run.ts')).run(args),
};

/** The subcommands of `carb pipeline`. */
export const subcommands: AnyCommand[] = [check];

export const command: CommandModule<object, object> = {
  command: 'pipeline',
  describe: 'Pipeline configs: `carb pipeline check <file>` validates one and prints its normalized form and hashes',
  builder: (y) => subcommands.reduce((acc, c) => acc.command(tracked(c, 'carb pipeline')), y).demandCommand(1, MISSING_COMMAND),
  handler: () => {},
};
