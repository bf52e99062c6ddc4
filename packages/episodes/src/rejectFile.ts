import type { DecodeResult } from './jsonl.ts';

/** A whole file refused with one problem: no episode of it is used. */
export function rejectFile(file: string, record: string | null, reason: string, message: string): DecodeResult {
  return { episodes: [], problems: [{ file, record, message }], skipped: { [reason]: 1 } };
}
