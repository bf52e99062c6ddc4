import { accessSync, constants, statSync } from 'node:fs';
import type { CorpusFormat } from '@carb/episodes';
import { toolsInitTargetProblem } from '@carb/jobs';
import { FORMAT, flag, path, pathList, required } from '../options/specs.ts';
import { UsageError } from '../options/usageError.ts';
import { defineCommand } from './define.ts';
import { groupCommand } from './group.ts';

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

const CORPUS = pathList('AgentDojo runs/ dir, .jsonl(.gz) corpus, tau2 / tau-bench results, OpenAI chat .jsonl');

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

const readableCorpus = (paths: string[]) => {
  for (const p of paths) readablePath('<corpus>', p, 'a readable corpus file or directory');
};

const init = defineCommand<ToolsInitArgs>({
  command: 'init <corpus..>',
  describe:
    'Write a tool-typing skeleton for the tools a corpus calls: call counts, argument names and a type suggested by each name, every entry marked for review',
  options: {
    corpus: CORPUS,
    out: required('tool-typing file to write (e.g. configs/tools/mine.json)', ['.json']),
    force: flag('replace --out if it exists'),
    ...FORMAT,
  },
  check: (a) => {
    const problem = toolsInitTargetProblem(a.out, a.force);
    if (problem) throw new UsageError(`--out: ${problem}`);
    readableCorpus(a.corpus);
  },
  handler: async (args) => (await import('./tools.init.run.ts')).run(args),
});

const check = defineCommand<ToolsCheckArgs>({
  command: 'check <typing> <corpus..>',
  describe: 'Check a tool typing against a corpus: untyped, unused, contradictory and unreviewed entries, with counts',
  options: {
    typing: path('tool-typing file (configs/schema/tool-typing.schema.json)'),
    corpus: CORPUS,
    ...FORMAT,
    json: flag('print the findings as JSON'),
  },
  more: (y) =>
    y.epilog(
      'Exit status: 0 when the typing is clean, 1 when there are findings (or the typing or corpus holds bad data), 2 on a usage error.',
    ),
  check: (a) => {
    readablePath('<typing>', a.typing, 'a readable tool-typing file');
    readableCorpus(a.corpus);
  },
  handler: async (args) => (await import('./tools.check.run.ts')).run(args),
});

export const { command, subcommands } = groupCommand(
  'tools',
  'Tool typing for a new domain: `carb tools init` writes a skeleton from a corpus, `carb tools check` checks a typing against one',
  [init, check],
);
