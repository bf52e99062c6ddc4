import { jsonLimitIssue } from '@carb/io';
import type { AdaptContext } from './fields.ts';
import type { DecodeResult } from './jsonl.ts';
import { AdapterError } from './problems.ts';
import type { Episode } from './types.ts';
import { episodeIssues } from './validate.ts';

/**
 * What every log record passes on its way to an episode, in one place for all adapters: the
 * raw record is walked (without recursion) before anything recursive reads it, so nesting
 * deeper than MAX_JSON_DEPTH, a non-finite number or one read from a rounded integer literal
 * (`limits`: the document's, or its text to find them in) is one problem, not a stack overflow or a silently changed value; the episode `build` makes of it must then be valid as a canonical episode (the
 * rules carb's own JSONL and Arrow records obey). Throws one AdapterError naming `pointer`.
 */
export function adaptRecord(
  raw: unknown,
  file: string,
  pointer: string,
  build: () => Episode,
  limits: Pick<AdaptContext, 'unsafe' | 'text'> = {},
): Episode {
  const record = pointer || '/';
  const limit = jsonLimitIssue(raw, {
    ...(limits.unsafe ? { unsafe: limits.unsafe } : {}),
    ...(limits.text !== undefined ? { text: limits.text } : {}),
  });
  if (limit !== null) throw new AdapterError(file, record, limit.reason, limit.message);
  const ep = build();
  const issues = episodeIssues(ep);
  if (issues.length > 0) throw new AdapterError(file, record, 'invalid-episode', `expected a valid episode, found ${issues.join('; ')}`);
  return ep;
}

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
