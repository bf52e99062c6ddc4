import { isUtf8 } from 'node:buffer';
import { stripBom } from '@carb/io';

/** Bytes of a line longer than this are not gathered: the line becomes one problem. */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

/**
 * The text a line of bytes that are not UTF-8 is handed out as (its readers report NOT_UTF8 for
 * it). A lone low surrogate, which no decoded UTF-8 text contains, so it is never a real line;
 * a plain string, so it goes wherever the lines around it go.
 */
export const INVALID_UTF8_LINE = '\udc80';

/**
 * The text of one line's bytes (no newline) as the readers take it: INVALID_UTF8_LINE when the
 * bytes are not UTF-8 (never silently U+FFFD), a byte order mark opening line 1 skipped.
 */
export function lineText(bytes: Buffer, line: number): string {
  if (!isUtf8(bytes)) return INVALID_UTF8_LINE;
  const text = bytes.toString('utf8');
  return line === 1 ? stripBom(text) : text;
}

/**
 * Cuts a byte stream into lines at `\n` (a `\r` before it stays in the line, where
 * JSON.parse reads it as whitespace). Splitting bytes, not text, is what makes a UTF-8
 * character cut by a chunk boundary safe: 0x0A never occurs inside a multi-byte
 * character. Holds at most one line; a line over `maxLine` bytes is reported as
 * `null` (and its bytes dropped) instead of being gathered. Hands each line out as its bytes,
 * valid only during the call (a view on the chunk when the line lies inside one); LineSplitter
 * hands out its text.
 */
export class ByteLineSplitter {
  private parts: Buffer[] = [];
  private held = 0;
  private tooLong = false;
  /** 1-based number of the next line. */
  line = 1;

  constructor(
    private readonly onLine: (bytes: Buffer | null, line: number) => void,
    private readonly maxLine = MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, from)) {
      // the common case, a whole line inside one chunk, is handed out without a copy
      if (this.held === 0 && !this.tooLong && nl - from <= this.maxLine) this.onLine(chunk.subarray(from, nl), this.line++);
      else {
        this.gather(chunk.subarray(from, nl));
        this.emit();
      }
      from = nl + 1;
    }
    if (from < chunk.length) this.gather(chunk.subarray(from));
  }

  /** The last line, when the input does not end in `\n`. */
  end(): void {
    if (this.held > 0 || this.tooLong) this.emit();
  }

  private gather(piece: Buffer): void {
    if (this.tooLong || piece.length === 0) return;
    if (this.held + piece.length > this.maxLine) {
      this.tooLong = true;
      this.parts = [];
      this.held = 0;
      return;
    }
    // copied: the chunk's memory may be reused by the stream that produced it
    this.parts.push(Buffer.from(piece));
    this.held += piece.length;
  }

  private emit(): void {
    const bytes = this.tooLong ? null : this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.held);
    this.parts = [];
    this.held = 0;
    this.tooLong = false;
    this.onLine(bytes, this.line++);
  }
}

/**
 * ByteLineSplitter handing out each line's text (lineText): a line that is not UTF-8 as
 * INVALID_UTF8_LINE, a byte order mark opening line 1 skipped, a line over `maxLine` bytes as null.
 */
export class LineSplitter extends ByteLineSplitter {
  constructor(onLine: (text: string | null, line: number) => void, maxLine = MAX_LINE_BYTES) {
    super((bytes, n) => onLine(bytes === null ? null : lineText(bytes, n), n), maxLine);
  }
}
