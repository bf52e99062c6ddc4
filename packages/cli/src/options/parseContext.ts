import type { Argv, CommandModule } from 'yargs';
import type { ParseContext } from './yargsMessage.ts';

/** Any command module: yargs's Argv<T> is invariant in T, so commands with different arguments share no narrower type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: no common type but any for a list of commands
export type AnyCommand = CommandModule<object, any>;

let current: ParseContext = { command: 'carb', usage: 'carb <command>', options: [], commands: [] };

/** The command yargs is parsing now (for naming flags and suggesting names in usage errors). */
export function parseContext(): ParseContext {
  return current;
}

/** Sets the top-level context before a parse. */
export function resetParseContext(commands: readonly AnyCommand[]): void {
  current = { command: 'carb', usage: 'carb <command>', options: ['help', 'version'], commands: commands.map(commandName) };
}

/** The command's name: the first word of its `command` string. */
export function commandName(c: AnyCommand): string {
  return String(c.command).split(' ')[0]!;
}

/**
 * Wraps a command so that, when yargs runs its builder, the parse context becomes that
 * command with its options and subcommands (`subcommands`, for a command that groups them).
 */
export function tracked<T>(
  c: CommandModule<object, T>,
  parent = 'carb',
  subcommands: readonly AnyCommand[] = [],
): CommandModule<object, T> {
  const build = c.builder;
  return {
    ...c,
    builder: (y: Argv) => {
      const built = typeof build === 'function' ? build(y) : build ? y.options(build) : y;
      // yargs also registers camelCase aliases (splitRng); suggest the spelling help shows
      const keys = Object.keys((y as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key).filter(
        (k) => !/[A-Z]/.test(k),
      );
      current = { command: `${parent} ${commandName(c)}`, usage: String(c.command), options: keys, commands: subcommands.map(commandName) };
      return built as Argv<T>;
    },
  };
}
