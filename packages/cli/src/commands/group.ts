import type { CommandModule } from 'yargs';
import { tracked, type AnyCommand } from '../options/parseContext.ts';
import { MISSING_COMMAND } from '../options/yargsMessage.ts';

/** A command that only groups subcommands (`carb tools init|check`): it runs none of its own. */
export function groupCommand(
  name: string,
  describe: string,
  subcommands: AnyCommand[],
): { command: CommandModule<object, object>; subcommands: AnyCommand[] } {
  const builder: CommandModule['builder'] = (y) =>
    subcommands.reduce((acc, c) => acc.command(tracked(c, `carb ${name}`)), y).demandCommand(1, MISSING_COMMAND);
  return { command: { command: name, describe, builder, handler: () => {} }, subcommands };
}
