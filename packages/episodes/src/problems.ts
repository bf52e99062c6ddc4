import { printable } from '@carb/io';

/** One problem found while reading a corpus; printed as one line. */
export interface Problem {
  file: string;
  /** Episode id, line number or JSON pointer of the offending record, or null for the whole file. */
  record: string | null;
  message: string;
}

// Parser messages can span lines (JSON.parse quotes the context); a problem is one line.
const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ');

/** `file: record: message` on one line (record omitted when null); controls from the data shown as escapes. */
export function formatProblem(p: Problem): string {
  return printable(oneLine(p.record === null ? `${p.file}: ${p.message}` : `${p.file}: ${p.record}: ${p.message}`));
}

/**
 * The only error the corpus adapters throw on bad input: it names the file, the
 * record and what was expected, so that callers can turn it into one Problem line.
 */
export class AdapterError extends Error {
  readonly file: string;
  readonly record: string | null;
  /** Skip reason used in summaries (e.g. `malformed-json`, `missing-key`, `wrong-type`). */
  readonly reason: string;
  readonly detail: string;

  constructor(file: string, record: string | null, reason: string, detail: string) {
    super(formatProblem({ file, record, message: detail }));
    detail = oneLine(detail);
    this.name = 'AdapterError';
    this.file = file;
    this.record = record;
    this.reason = reason;
    this.detail = detail;
  }

  toProblem(): Problem {
    return { file: this.file, record: this.record, message: this.detail };
  }
}

/** Problem lines printed per file; the rest of a file's problems are counted on one line. */
export const PROBLEM_LINES_PER_FILE = 20;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The lines that report `problems`: each as formatProblem, up to `perFile` per file; a file
 * with more gets one closing line `file: … and N more problems like these (M total)` after
 * its last printed one (20,000 bad lines of a file are 21 lines, not 20,000). Counts stay exact:
 * the caller still counts every problem.
 */
export function problemLines(problems: readonly Problem[], perFile = PROBLEM_LINES_PER_FILE): string[] {
  const total = new Map<string, number>();
  for (const p of problems) total.set(p.file, (total.get(p.file) ?? 0) + 1);
  const shown = new Map<string, number>();
  const out: string[] = [];
  for (const p of problems) {
    const n = (shown.get(p.file) ?? 0) + 1;
    shown.set(p.file, n);
    if (n <= perFile) out.push(formatProblem(p));
    const all = total.get(p.file)!;
    if (n === perFile + 1) out.push(oneLine(`${p.file}: … and ${count(all - perFile)} more problems like these (${count(all)} total)`));
  }
  return out;
}
