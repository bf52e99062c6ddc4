import { createHash } from 'node:crypto';
import { JSONL_HEADER_PREFIX, corpusHeaderText, digestMismatch, parseCorpusHeader, type CorpusHeader } from './corpusHeader.ts';
import { orderEpisode } from './order.ts';
import { AdapterError, type Problem } from './problems.ts';
import { episodeRecord } from './record.ts';
import { rejectFile } from './rejectFile.ts';
import type { Episode } from './types.ts';
import { episodeIssues } from './validate.ts';

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
}

function decodeLines(text: string, file: string, firstLine: number): DecodeResult {
  const episodes: Episode[] = [];
  const problems: Problem[] = [];
  const skipped: Record<string, number> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const record = `line ${firstLine + i}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      problems.push({ file, record, message: `malformed JSON (${(e as Error).message})` });
      skipped['malformed-json'] = (skipped['malformed-json'] ?? 0) + 1;
      continue;
    }
    const issues = episodeIssues(value);
    if (issues.length > 0) {
      const id = (value as { id?: unknown } | null)?.id;
      const rec = typeof id === 'string' ? `${record}, episode ${id}` : record;
      problems.push({ file, record: rec, message: `invalid episode: ${issues.join('; ')}` });
      skipped['invalid-episode'] = (skipped['invalid-episode'] ?? 0) + 1;
      continue;
    }
    episodes.push(orderEpisode(value as Episode));
  }
  return { episodes, problems, skipped };
}

/**
 * Parses JSONL text (or its bytes, which lets the digest cover exactly what is on
 * disk). A line that is not JSON or not a valid episode becomes one Problem (record
 * `line N`, or the episode id) and is skipped; blank lines are ignored. A carb-written
 * corpus (first line a corpus header) is checked against its digest first; a file that
 * fails the check is refused whole, as one Problem.
 */
export function decodeJsonl(input: string | Uint8Array, file: string): DecodeResult {
  const text = typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  if (!text.startsWith(JSONL_HEADER_PREFIX)) return decodeLines(text, file, 1);
  const nl = text.indexOf('\n');
  let header: CorpusHeader;
  try {
    header = parseCorpusHeader(nl < 0 ? text : text.slice(0, nl), file, 'line 1');
  } catch (e) {
    if (!(e instanceof AdapterError)) throw e;
    return rejectFile(file, e.record, e.reason, e.detail);
  }
  const body = typeof input === 'string' ? Buffer.from(nl < 0 ? '' : text.slice(nl + 1), 'utf8') : input.subarray(nl < 0 ? input.length : input.indexOf(0x0a) + 1);
  const found = createHash('sha256').update(body).digest('hex');
  if (found !== header.sha256) return rejectFile(file, 'corpus digest', 'corpus-digest', digestMismatch(header.sha256, found));
  const got = decodeLines(nl < 0 ? '' : text.slice(nl + 1), file, 2);
  if (got.episodes.length !== header.episodes) {
    return rejectFile(file, 'corpus digest', 'corpus-digest', `expected ${header.episodes} episodes (corpus header), found ${got.episodes.length} (file altered after carb wrote it)`);
  }
  return got;
}
