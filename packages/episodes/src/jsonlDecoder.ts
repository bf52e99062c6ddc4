import { createHash, type Hash } from 'node:crypto';
import { JSONL_HEADER_PREFIX, digestMismatch, parseCorpusHeader, type CorpusHeader } from './corpusHeader.ts';
import { ByteLineSplitter, LineSplitter, MAX_LINE_BYTES, lineText } from './lineSplitter.ts';
import { decodeJsonlLine } from './jsonlLine.ts';
import { AdapterError, type Problem } from './problems.ts';
import { RecordLinesBuilder, type RecordLines } from './recordLines.ts';
import type { Episode } from './types.ts';

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
  private readonly deferredLines = new RecordLinesBuilder();
  private header: CorpusHeader | null = null;
  private firstSeen = false;
  private readonly hash: Hash = createHash('sha256');
  private readonly lines: ByteLineSplitter;

  /**
   * `deferred`: record lines are not decoded here but handed out by takeLines (with their
   * line numbers) for decodeJsonlLine elsewhere; the header and the byte digest are still
   * checked here, the episode count by the decoding side.
   */
  constructor(
    readonly file: string,
    private readonly maxLine = MAX_LINE_BYTES,
    private readonly deferred = false,
  ) {
    this.lines = deferred
      ? new ByteLineSplitter((bytes, n) => this.deferLine(bytes, n), maxLine)
      : new LineSplitter((text, n) => this.line(text, n), maxLine);
  }

  /** Whether the file is refused: a line handed to the splitter may refuse it, so ask again after each push. */
  private refused(): boolean {
    return this.refusal !== null;
  }

  push(chunk: Buffer): void {
    if (this.refusal !== null || chunk.length === 0) return;
    if (!this.firstSeen) {
      const nl = chunk.indexOf(0x0a);
      if (nl < 0) {
        this.lines.push(chunk);
        return;
      }
      this.lines.push(chunk.subarray(0, nl + 1));
      chunk = chunk.subarray(nl + 1);
      if (this.refused()) return;
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

  /**
   * Deferred record lines since the last call, in file order. Their bytes are a view on a buffer the next
   * push reuses: read them (forEachRecordLine) or copy them before pushing again.
   */
  takeLines(): RecordLines {
    return this.deferredLines.take();
  }

  /** The episode count the corpus header promises; null without a header. */
  get expectedEpisodes(): number | null {
    return this.header?.episodes ?? null;
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
    if (this.refused() || this.header === null) return this.refusal;
    const found = this.hash.digest('hex');
    if (found !== this.header.sha256) return this.refuse('corpus digest', 'corpus-digest', digestMismatch(this.header.sha256, found));
    // deferred lines are counted by whoever decodes them (countRefusal)
    if (this.deferred) return null;
    this.refusal = countRefusal(this.file, this.header.episodes, this.decoded);
    return this.refusal;
  }

  private refuse(record: string | null, reason: string, message: string): Refusal {
    this.refusal = { reason, problem: { file: this.file, record, message } };
    return this.refusal;
  }

  private skip(reason: string, record: string, message: string): void {
    this.problems.push({ file: this.file, record, message });
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  /**
   * A line in deferred mode: its bytes are kept for the decoding side, except line 1's header and
   * blank lines (a record line opens with `{`; any other line's text decides, as it does undeferred).
   */
  private deferLine(bytes: Buffer | null, n: number): void {
    if (bytes === null) {
      if (n === 1) this.firstSeen = true;
    } else if (n === 1 || bytes[0] !== 0x7b) {
      const text = lineText(bytes, n);
      if (n === 1 && this.header1(text)) return;
      if (text.trim() === '') return;
    }
    this.deferredLines.add(bytes, n);
  }

  /** Line 1 (`text`): the corpus header (read, or the file refused) when it is one; true then. */
  private header1(text: string | null): boolean {
    this.firstSeen = true;
    if (text === null || !text.startsWith(JSONL_HEADER_PREFIX)) return false;
    try {
      this.header = parseCorpusHeader(text, this.file, 'line 1');
    } catch (e) {
      if (!(e instanceof AdapterError)) throw e;
      this.refuse(e.record, e.reason, e.detail);
    }
    return true;
  }

  private line(text: string | null, n: number): void {
    if (n === 1 && this.header1(text)) return;
    const got = decodeJsonlLine(text, n, this.maxLine);
    if (got === null) return;
    if (!('episode' in got)) {
      this.skip(got.reason, got.record, got.message);
      return;
    }
    this.pending.push(got.episode);
    this.decoded++;
  }
}

/**
 * The refusal of a carb-written file whose header promises `expected` episodes where
 * `decoded` were found (lines added or removed, header kept).
 */
export function countRefusal(file: string, expected: number, decoded: number): Refusal | null {
  if (decoded === expected) return null;
  return {
    reason: 'corpus-digest',
    problem: {
      file,
      record: 'corpus digest',
      message: `expected ${expected} episodes (corpus header), found ${decoded} (file altered after carb wrote it)`,
    },
  };
}
