import { createHash } from 'node:crypto';
import { corpusHeaderText } from './corpusHeader.ts';
import { JsonlDecoder } from './jsonlDecoder.ts';
import type { Problem } from './problems.ts';
import { episodeRecord } from './record.ts';
import { rejectFile } from './rejectFile.ts';
import type { Episode } from './types.ts';

/** One JSONL line (no newline): the episode's JSON record in canonical key order. */
export function episodeToJsonLine(ep: Episode): string {
  return JSON.stringify(episodeRecord(ep));
}

/** JSONL text: one canonical episode per line, each line ending in `\n` (no header). */
export function encodeJsonl(episodes: readonly Episode[]): string {
  let out = '';
  for (const ep of episodes) out += `${episodeToJsonLine(ep)}\n`;
  return out;
}

/**
 * A JSONL corpus as carb writes it: a corpus header line carrying the digest of the
 * lines below it, then `encodeJsonl(episodes)`.
 */
export function encodeCorpusJsonl(episodes: readonly Episode[]): string {
  const body = encodeJsonl(episodes);
  return `${corpusHeaderText(episodes.length, createHash('sha256').update(body, 'utf8').digest('hex'))}\n${body}`;
}

export interface DecodeResult {
  episodes: Episode[];
  problems: Problem[];
  /** Skipped records by reason. */
  skipped: Record<string, number>;
  /** Unknown top-level fields left out of the episodes: field → records (absent when none). */
  dropped?: Record<string, number>;
}

/** Episodes, problems and skip counts of one decoder, or its refusal of the whole file. */
export function decoderResult(d: JsonlDecoder, episodes: Episode[]): DecodeResult {
  const refusal = d.end();
  if (refusal !== null) return rejectFile(refusal.problem.file, refusal.problem.record, refusal.reason, refusal.problem.message);
  return { episodes: [...episodes, ...d.take()], problems: d.problems, skipped: d.skipped };
}

/**
 * Parses JSONL text (or its bytes, which lets the digest cover exactly what is on
 * disk). A line that is not JSON or not a valid episode becomes one Problem (record
 * `line N`, or the episode id) and is skipped; blank lines are ignored. A carb-written
 * corpus (first line a corpus header) is checked against its digest; a file that
 * fails the check is refused whole, as one Problem.
 */
export function decodeJsonl(input: string | Uint8Array, file: string): DecodeResult {
  const d = new JsonlDecoder(file);
  d.push(typeof input === 'string' ? Buffer.from(input, 'utf8') : Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  return decoderResult(d, []);
}
