import { createHash, type Hash } from 'node:crypto';
import { JSONL_HEADER_PREFIX, digestMismatch, parseCorpusHeader, type CorpusHeader } from './corpusHeader.ts';
import { LineSplitter, MAX_LINE_BYTES } from './lineSplitter.ts';
import { orderEpisode } from './order.ts';
import { AdapterError, type Problem } from './problems.ts';
import type { Episode } from './types.ts';
import { episodeIssues } from './validate.ts';

/** Why a whole file is refused: one problem, counted under `reason`. */
export interface Refusal {
  reason: string;
  problem: Problem;
}

/**
 * Push decoder of one JSONL file: feed its bytes in chunks of any size, take the
 * episodes as they complete, call `end()` once. Memory: one line, plus the episodes
 * not yet taken. A carb-written file (first line a corpus header) is hashed as it
 * goes; its digest and episode count are known only at `end()`, which then returns
 * the refusal of the whole file (and the episodes already taken must be discarded).
 */
export class JsonlDecoder {
  problems: Problem[] = [];
  skipped: Record<string, number> = {};
  /** The file's refusal, once known; no further input is decoded. */
  refusal: Refusal | null = null;
  /** Episodes decoded so far (taken or not). */
  decoded = 0;
  private pending: Episode[] = [];
  private header: CorpusHeader | null = null;
  private firstSeen = false;
  private readonly hash: Hash = createHash('sha256');
  private readonly lines: LineSplitter;

  constructor(readonly file: string, private readonly maxLine = MAX_LINE_BYTES) {
    this.lines = new LineSplitter((text, n) => this.line(text, n), maxLine);
  }

  push(chunk: Buffer): void {
    if (this.refusal !== null || chunk.length === 0) return;
    if (!this.firstSeen) {
      const nl = chunk.indexOf(0x0a);
      if (nl < 0) return this.lines.push(chunk);
      this.lines.push(chunk.subarray(0, nl + 1));
      chunk = chunk.subarray(nl + 1);
      if (this.refusal !== null) return;
    }
    // the corpus digest covers exactly the bytes after the header line
    if (this.header !== null) this.hash.update(chunk);
    this.lines.push(chunk);
  }

  /** Episodes decoded since the last call, in file order. */
  take(): Episode[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** Problems and skip counts since the last call (a streaming reader passes them on as it goes). */
  drain(): { problems: Problem[]; skipped: Record<string, number> } {
    const out = { problems: this.problems, skipped: this.skipped };
    this.problems = [];
    this.skipped = {};
    return out;
  }

  /** Ends the input; returns the file's refusal, if any (digest or count of a carb-written file). */
  end(): Refusal | null {
    if (this.refusal !== null) return this.refusal;
    this.lines.end();
    if (this.refusal !== null || this.header === null) return this.refusal;
    const found = this.hash.digest('hex');
    if (found !== this.header.sha256) return this.refuse('corpus digest', 'corpus-digest', digestMismatch(this.header.sha256, found));
    if (this.decoded !== this.header.episodes) {
      return this.refuse('corpus digest', 'corpus-digest', `expected ${this.header.episodes} episodes (corpus header), found ${this.decoded} (file altered after carb wrote it)`);
    }
    return null;
  }

  private refuse(record: string | null, reason: string, message: string): Refusal {
    this.refusal = { reason, problem: { file: this.file, record, message } };
    return this.refusal;
  }

  private skip(reason: string, record: string, message: string): void {
    this.problems.push({ file: this.file, record, message });
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  private line(text: string | null, n: number): void {
    if (n === 1) {
      this.firstSeen = true;
      if (text !== null && text.startsWith(JSONL_HEADER_PREFIX)) {
        try {
          this.header = parseCorpusHeader(text, this.file, 'line 1');
        } catch (e) {
          if (!(e instanceof AdapterError)) throw e;
          this.refuse(e.record, e.reason, e.detail);
        }
        return;
      }
    }
    const record = `line ${n}`;
    if (text === null) return this.skip('line-too-long', record, `expected a line of at most ${this.maxLine} bytes, found a longer one`);
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return this.skip('malformed-json', record, `malformed JSON (${(e as Error).message})`);
    }
    const issues = episodeIssues(value);
    if (issues.length > 0) {
      const id = (value as { id?: unknown } | null)?.id;
      return this.skip('invalid-episode', typeof id === 'string' ? `${record}, episode ${id}` : record, `invalid episode: ${issues.join('; ')}`);
    }
    this.pending.push(orderEpisode(value as Episode));
    this.decoded++;
  }
}
