import { problemLines, type Problem } from '@carb/episodes';

/**
 * Where a job sends the lines a command shows on stderr (input problems, what was left out and
 * why): the library writes nothing itself, so a library user decides whether and where they go.
 * Each line is printable already (no terminal control characters).
 */
export type Notice = (line: string) => void;

/** The default notice: the lines are dropped (the counts still reach the job's result and report). */
export const NO_NOTICE: Notice = () => undefined;

/**
 * Input problems as notice lines, one each, at most PROBLEM_LINES_PER_FILE per file and then one
 * line counting the rest: the one place every command reports them.
 */
export function noticeProblems(problems: readonly Problem[], onNotice: Notice): void {
  for (const line of problemLines(problems)) onNotice(line);
}
