import { createHash, type Hash } from 'node:crypto';
import { AdapterError } from './problems.ts';

/**
 * What carb writes beside the episodes of a corpus file: the JSONL first line, and the
 * value of the Arrow schema metadata key `carb.corpus`.
 */
export interface CorpusHeader {
  carbCorpus: 1;
  episodes: number;
  /**
   * The corpus digest: SHA-256 over each episode's canonical JSONL line plus `\n`, in
   * file order; exactly the bytes after the header line of a carb-written .jsonl.
   */
  sha256: string;
  /**
   * Arrow only: SHA-256 of the whole file with these 64 digits read as zeros; it covers
   * the bytes no reader looks at, which the content digest cannot.
   */
  arrowSha256?: string;
}

/** Arrow schema metadata key holding the corpus header. */
export const ARROW_CORPUS_KEY = 'carb.corpus';
/** How a carb-written JSONL corpus begins (an episode line begins `{"id":`). */
export const JSONL_HEADER_PREFIX = '{"carbCorpus":';

/** Header text in a fixed key order (one JSON line, no newline). */
export function corpusHeaderText(episodes: number, sha256: string, arrowSha256?: string): string {
  const h: CorpusHeader = { carbCorpus: 1, episodes, sha256 };
  if (arrowSha256 !== undefined) h.arrowSha256 = arrowSha256;
  return JSON.stringify(h);
}

/**
 * Incremental corpus digest: feed each episode's canonical line in file order. It can
 * follow a reader batch by batch; the verdict needs the last episode.
 */
export class LinesDigest {
  private readonly hash: Hash = createHash('sha256');
  count = 0;

  add(line: string): void {
    this.hash.update(`${line}\n`, 'utf8');
    this.count++;
  }

  hex(): string {
    return this.hash.digest('hex');
  }
}

const HEX64 = /^[0-9a-f]{64}$/;
const quote = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);

/**
 * Parses header text (`arrow`: the Arrow form, with `arrowSha256`); anything else is an
 * AdapterError (reason `corpus-digest`) naming what was expected.
 */
export function parseCorpusHeader(text: string, file: string, record: string, arrow = false): CorpusHeader {
  const shape = `{"carbCorpus":1,"episodes":<count>,"sha256":"<64 hex digits>"${arrow ? ',"arrowSha256":"<64 hex digits>"' : ''}}`;
  const fail = (found: string): never => {
    throw new AdapterError(
      file,
      record,
      'corpus-digest',
      `expected a carb corpus header ${shape}, found ${found} (file altered after carb wrote it)`,
    );
  };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return fail(`unparsable text ${quote(text)}`);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return fail(quote(text));
  const h = v as Record<string, unknown>;
  const keys = Object.keys(h).sort().join(',');
  if (keys !== (arrow ? 'arrowSha256,carbCorpus,episodes,sha256' : 'carbCorpus,episodes,sha256'))
    return fail(`keys ${keys === '' ? '(none)' : keys}`);
  if (h.carbCorpus !== 1) {
    throw new AdapterError(
      file,
      record,
      'corpus-digest',
      `expected carb corpus format 1, found ${quote(String(h.carbCorpus))} (written by another carb version)`,
    );
  }
  if (!Number.isSafeInteger(h.episodes) || (h.episodes as number) < 0) return fail(`episodes ${quote(String(h.episodes))}`);
  for (const k of arrow ? ['sha256', 'arrowSha256'] : ['sha256']) {
    if (typeof h[k] !== 'string' || !HEX64.test(h[k])) return fail(`${k} ${quote(String(h[k]))}`);
  }
  const header: CorpusHeader = { carbCorpus: 1, episodes: h.episodes as number, sha256: h.sha256 as string };
  if (arrow) header.arrowSha256 = h.arrowSha256 as string;
  return header;
}

/** The one-line message of a digest that does not match (`of` says over what, when not the episodes). */
export function digestMismatch(expected: string, found: string, of = ''): string {
  return `expected sha256 ${expected}${of === '' ? '' : ` of ${of}`}, found ${found} (file altered after carb wrote it)`;
}
