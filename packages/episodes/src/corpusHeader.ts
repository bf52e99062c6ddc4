import { createHash, type Hash } from 'node:crypto';
import { carbPath, describeValue, firstIssueLine, schemaIssues, schemaValidator } from '@carb/io';
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

/** configs/schema/corpus-header.schema.json, the shape of a corpus header as carb reads it back. */
export const CORPUS_HEADER_SCHEMA_PATH = carbPath('configs/schema/corpus-header.schema.json');

const quote = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
const ALTERED = '(file altered after carb wrote it)';

/**
 * Parses header text (`arrow`: the Arrow form, with `arrowSha256`); anything else is an
 * AdapterError (reason `corpus-digest`) naming the key and what was expected
 * (configs/schema/corpus-header.schema.json; the first issue, with how many more).
 */
export function parseCorpusHeader(text: string, file: string, record: string, arrow = false): CorpusHeader {
  const fail = (message: string): never => {
    throw new AdapterError(file, record, 'corpus-digest', message);
  };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    const shape = `{"carbCorpus":1,"episodes":<count>,"sha256":"<64 hex digits>"${arrow ? ',"arrowSha256":"<64 hex digits>"' : ''}}`;
    return fail(`expected a carb corpus header ${shape}, found unparsable text ${quote(text)} ${ALTERED}`);
  }
  // another format number is another carb version's header, not damage: said before the schema would call it altered
  const format = (v as { carbCorpus?: unknown } | null)?.carbCorpus;
  if (typeof format === 'number' && format !== 1)
    return fail(`expected carb corpus format 1, found ${quote(String(format))} (written by another carb version)`);
  const issues = schemaIssues(schemaValidator(CORPUS_HEADER_SCHEMA_PATH), v);
  if (issues.length > 0) return fail(`${firstIssueLine(issues)} ${ALTERED}`);
  // the schema holds: carbCorpus 1, episodes a safe integer ≥ 0, each digest 64 hex digits when present
  const h = v as CorpusHeader;
  if (arrow && h.arrowSha256 === undefined)
    return fail(`/arrowSha256: expected the file digest of an Arrow corpus (64 hex digits), found nothing ${ALTERED}`);
  if (!arrow && h.arrowSha256 !== undefined)
    return fail(
      `/arrowSha256: expected no file digest in a JSONL corpus header (only carbCorpus, episodes, sha256), found ${describeValue(h.arrowSha256)} ${ALTERED}`,
    );
  const header: CorpusHeader = { carbCorpus: 1, episodes: h.episodes, sha256: h.sha256 };
  if (arrow) header.arrowSha256 = h.arrowSha256;
  return header;
}

/** The one-line message of a digest that does not match (`of` says over what, when not the episodes). */
export function digestMismatch(expected: string, found: string, of = ''): string {
  return `expected sha256 ${expected}${of === '' ? '' : ` of ${of}`}, found ${found} (file altered after carb wrote it)`;
}
