import { orderEpisode } from './order.ts';
import type { Episode } from './types.ts';
import { episodeIssues } from './validate.ts';

/** Why one JSONL line yields no episode: counted under `reason`, reported for `record`. */
export interface LineSkip {
  reason: string;
  record: string;
  message: string;
}

/**
 * One JSONL record line (not the corpus header) decoded: its episode in encoder form, why it
 * is skipped, or null for a blank line. `text` is null for a line over `maxLine` bytes. The
 * one rule for a line, wherever it is decoded (the reading thread or a replay worker).
 */
export function decodeJsonlLine(text: string | null, n: number, maxLine: number): { episode: Episode } | LineSkip | null {
  const record = `line ${n}`;
  if (text === null) return { reason: 'line-too-long', record, message: `expected a line of at most ${maxLine} bytes, found a longer one` };
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { reason: 'malformed-json', record, message: `malformed JSON (${(e as Error).message})` };
  }
  const issues = episodeIssues(value);
  if (issues.length > 0) {
    const id = (value as { id?: unknown } | null)?.id;
    return { reason: 'invalid-episode', record: typeof id === 'string' ? `${record}, episode ${id}` : record, message: `invalid episode: ${issues.join('; ')}` };
  }
  return { episode: orderEpisode(value as Episode) };
}
