import { accessSync, constants, existsSync, statSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import type { CorpusFormat } from '@carb/episodes';
import { flagSpec, formatSpec, textSpec } from '../options/specs.ts';
import { textListOption, textOption } from '../options/text.ts';
import { tracked, type AnyCommand } from '../options/parseContext.ts';
import { UsageError } from '../options/usageError.ts';
import { MISSING_COMMAND } from '../options/yargsMessage.ts';

export interface ToolsInitArgs {
  corpus: string[];
  out: string;
  force: boolean;
  format: CorpusFormat;
}

export interface ToolsCheckArgs {
  typing: string;
  corpus: string[];
  format: CorpusFormat;
  json: boolean;
}

const CORPUS = 'AgentDojo runs/ dir, .jsonl(.gz) corpus, tau2 / tau-bench results, OpenAI chat .jsonl';

/** A path named on the command line that cannot be read is a usage error: nothing has been read yet. */
function readablePath(flag: string, path: string, what: string): void {
  try {
    statSync(path);
  } catch {
    throw new UsageError(`${flag}: expected ${what}, found nothing at ${path}`);
  }
  try {
    accessSync(path, constants.R_OK);
  } catch (e) {
    throw new UsageError(
      `${flag}: expected ${what}, found ${path} unreadable (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}

const init: CommandModule<object, ToolsInitArgs> = {
  command: 'init <corpus..>',
  describe:
    'Write a tool-typing skeleton for the tools a corpus calls: call counts, argument names and a type suggested by each name, every entry marked for review',
  builder: (y) =>
    y
      .positional('corpus', { type: 'string', array: true, demandOption: true, describe: CORPUS, coerce: textListOption('<corpus>') })
      .option('out', textSpec('out', 'tool-typing file to write (e.g. configs/tools/mine.json)', { required: true, suffixes: ['.json'] }))
      .option('force', flagSpec('replace --out if it exists'))
      .option('format', formatSpec())
      .check((argv) => {
        const a = argv as unknown as ToolsInitArgs;
        if (existsSync(a.out) && statSync(a.out).isDirectory())
          throw new UsageError(`--out: expected a file name, found a directory at ${a.out}`);
        if (existsSync(a.out) && !a.force)
          throw new UsageError(`--out: expected a new file (or --force to replace it), found an existing file at ${a.out}`);
        for (const p of a.corpus) readablePath('<corpus>', p, 'a readable corpus file or directory');
        return true;
      }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./tools.init.run.ts')).run(args),
};

const check: CommandModule<object, ToolsCheckArgs> = {
  command: 'check <typing> <corpus..>',
  describe: 'Check a tool typing against a corpus: untyped, unused, contradictory and unreviewed entries, with counts',
  builder: (y) =>
    y
      .positional('typing', {
        type: 'string',
        demandOption: true,
        describe: 'tool-typing file (configs/schema/tool-typing.schema.json)',
        coerce: textOption('<typing>'),
      })
      .positional('corpus', { type: 'string', array: true, demandOption: true, describe: CORPUS, coerce: textListOption('<corpus>') })
      .option('format', formatSpec())
      .option('json', flagSpec('print the findings as JSON'))
      .epilog(
        'Exit status: 0 when the typing is clean, 1 when there are findings (or the typing or corpus holds bad data), 2 on a usage error.',
      )
      .check((argv) => {
        const a = argv as unknown as ToolsCheckArgs;
        readablePath('<typing>', a.typing, 'a readable tool-typing file');
        for (const p of a.corpus) readablePath('<corpus>', p, 'a readable corpus file or directory');
        return true;
      }) as never,
  handler: async (args) => (await import('./tools.check.run.ts')).run(args),
};

/** The subcommands of `carb tools`. */
export const subcommands: AnyCommand[] = [init, check];

export const command: CommandModule<object, object> = {
  command: 'tools',
  describe:
    'Tool typing for a new domain: `carb tools init` writes a skeleton from a corpus, `carb tools check` checks a typing against one',
  builder: (y) => subcommands.reduce((acc, c) => acc.command(tracked(c, 'carb tools')), y).demandCommand(1, MISSING_COMMAND),
  handler: () => {},
};
