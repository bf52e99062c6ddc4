import { problemLines, type Problem } from '@carb/episodes';

/**
 * Prints input problems to stderr, one line each, at most PROBLEM_LINES_PER_FILE per file and
 * then one line counting the rest: the one place every command reports them.
 */
export function writeProblems(problems: readonly Problem[]): void {
  const lines = problemLines(problems);
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
}
