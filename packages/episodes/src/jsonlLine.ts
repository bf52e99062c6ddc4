import { NOT_UTF8 } from '@carb/io';
import { freeFormIssue } from './freeForm.ts';
import { INVALID_UTF8_LINE } from './lineSplitter.ts';
import { encoderTextOfLine } from './lineEncoderText.ts';
import { orderEpisode } from './order.ts';
import { idIssue } from './stepOk.ts';
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
 * is skipped, or null for a blank line. `text` is null for a line over `maxLine` bytes,
 * INVALID_UTF8_LINE for one that is not UTF-8. The one rule for a line, wherever it is decoded
 * (the reading thread or a replay worker). With `encoded`, a decoded line also carries its
 * episode's encoderText when it is cut from the line itself (encoderTextOfLine), else null.
 */
export function decodeJsonlLine(
  text: string | null,
  n: number,
  maxLine: number,
  encoded = false,
): { episode: Episode; encoded?: string | null } | LineSkip | null {
  const record = `line ${n}`;
  if (text === null) return { reason: 'line-too-long', record, message: `expected a line of at most ${maxLine} bytes, found a longer one` };
  if (text === INVALID_UTF8_LINE) return { reason: 'invalid-utf8', record, message: NOT_UTF8 };
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { reason: 'malformed-json', record, message: `malformed JSON (${(e as Error).message})` };
  }
  // the schema check walks no free-form value, so it is safe at any depth
  const issues = episodeIssues(value);
  if (issues.length > 0) {
    const id = (value as { id?: unknown } | null)?.id;
    // an id that is itself the problem (blank, a line break) is not repeated in the record
    return {
      reason: 'invalid-episode',
      record: typeof id === 'string' && idIssue(id) === null ? `${record}, episode ${id}` : record,
      message: `invalid episode: ${issues.join('; ')}`,
    };
  }
  // before anything recursive reads the free-form values (canonical order, JSON text)
  const limit = freeFormIssue(value as Episode, text);
  if (limit !== null) return { reason: limit.reason, record, message: limit.message };
  const episode = orderEpisode(value as Episode);
  return encoded ? { episode, encoded: encoderTextOfLine(text, value as Episode, episode) } : { episode };
}
