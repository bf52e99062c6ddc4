import { noticeProblems } from '@carb/jobs';
import type { Problem } from '@carb/episodes';

/** A job's notice line (an input problem, what was left out) on stderr, where every command reports them. */
export function printNotice(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Input problems on stderr, one line each (at most PROBLEM_LINES_PER_FILE per file, then one counting the rest). */
export function writeProblems(problems: readonly Problem[]): void {
  noticeProblems(problems, printNotice);
}
