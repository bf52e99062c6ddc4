import type { Argv, CommandModule } from 'yargs';
import { withTable, type Table } from '../options/specs.ts';

/** A command as data: its usage, help line, option table and the flag combinations it refuses. */
export interface CommandDef<T> {
  command: string;
  describe: string;
  /** Options and positionals, in help order. */
  options: Table;
  /** Throws a UsageError for a combination of flags (called once every value has parsed, before the handler). */
  check?: (args: T) => void;
  /** Further builder steps: subcommands, an epilog. */
  more?: (y: Argv) => Argv;
  /** Loads and runs the work (loaded only once the options have passed). */
  handler: (args: T) => void | Promise<void>;
}

/** The yargs command module of a command definition. */
export function defineCommand<T>(c: CommandDef<T>): CommandModule<object, T> {
  const { options, check, more = (y: Argv) => y, handler, ...rest } = c;
  return {
    ...rest,
    builder: (y) => {
      const built = more(withTable(y, c.command, options));
      const checked = check ? built.check((argv) => (check(argv as unknown as T), true)) : built;
      return checked as unknown as Argv<T>;
    },
    handler: (argv) => handler(jobInput(argv) as T),
  };
}

/**
 * The parsed command line as a job's input: plain data with camelCase keys (yargs sets `splitRng`
 * beside `split-rng`, both coerced), less yargs's own `_` and `$0`.
 */
export function jobInput(argv: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(argv).filter(([k]) => k !== '_' && k !== '$0' && !k.includes('-')));
}
