import { orderEpisode } from './order.ts';
import type { Problem } from './problems.ts';
import type { Episode } from './types.ts';
import { episodeIssues, formatIssue } from './validate.ts';

/** One JSONL line (no newline) in canonical key order. */
export function episodeToJsonLine(ep: Episode): string {
  return JSON.stringify(orderEpisode(ep));
}

/** JSONL text: one canonical episode per line, each line ending in `\n`. */
export function encodeJsonl(episodes: readonly Episode[]): string {
  let out = '';
  for (const ep of episodes) out += `${episodeToJsonLine(ep)}\n`;
  return out;
}

export interface DecodeResult {
  episodes: Episode[];
  problems: Problem[];
  /** Skipped records by reason. */
  skipped: Record<string, number>;
}

/**
 * Parses JSONL text. A line that is not JSON or not a valid episode becomes one
 * Problem (record `line N`, or the episode id) and is skipped; blank lines are ignored.
 */
export function decodeJsonl(text: string, file: string): DecodeResult {
  const episodes: Episode[] = [];
  const problems: Problem[] = [];
  const skipped: Record<string, number> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const record = `line ${i + 1}`;
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
      problems.push({ file, record: rec, message: `invalid episode: ${issues.map(formatIssue).join('; ')}` });
      skipped['invalid-episode'] = (skipped['invalid-episode'] ?? 0) + 1;
      continue;
    }
    episodes.push(orderEpisode(value as Episode));
  }
  return { episodes, problems, skipped };
}
