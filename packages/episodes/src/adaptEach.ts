import type { DecodeResult } from './jsonl.ts';
import { AdapterError } from './problems.ts';
import type { Episode } from './types.ts';

/**
 * Adapts each record of a multi-episode log: a record that does not adapt becomes
 * its AdapterError's one problem line, counted by reason, and the others are kept.
 */
export function adaptEach<T>(records: readonly T[], adapt: (record: T, i: number) => Episode): DecodeResult {
  const out: DecodeResult = { episodes: [], problems: [], skipped: {} };
  records.forEach((r, i) => {
    try {
      out.episodes.push(adapt(r, i));
    } catch (e) {
      if (!(e instanceof AdapterError)) throw e;
      out.problems.push(e.toProblem());
      out.skipped[e.reason] = (out.skipped[e.reason] ?? 0) + 1;
    }
  });
  return out;
}
