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
