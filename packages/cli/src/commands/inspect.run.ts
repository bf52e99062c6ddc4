import { inspectCorpus, inspectLines, readCorpus, readLabelsBeside } from '@carb/episodes';
import { printableLines } from '@carb/io';
import { toolTypingFor } from '@carb/jobs';
import { fail } from './corpusLines.ts';
import type { InspectArgs } from './inspect.ts';
import { writeProblems } from '../printNotice.ts';

/** `carb inspect`, once its options have passed. */
export function run(args: InspectArgs): void {
  const tools = toolTypingFor(args);
  if ('failure' in tools) {
    fail(tools.failure);
    return;
  }
  const { episodes, problems, summary } = readCorpus(args.corpus, { format: args.format });
  const labelled = readLabelsBeside(args.corpus);
  const allProblems = [...problems, ...(labelled?.problems ?? [])];
  writeProblems(allProblems);
  if (episodes.length === 0) {
    fail(`nothing could be read from ${args.corpus.join(', ')}`);
    return;
  }
  const report = inspectCorpus(episodes, tools.typing, labelled?.labels ?? null);
  const shown = args.json ? JSON.stringify({ corpus: { ...summary, problems: allProblems.length }, ...report }, null, 2) : null;
  process.stdout.write(`${shown === null ? inspectLines(summary, report).join('\n') : printableLines(shown)}\n`);
}
