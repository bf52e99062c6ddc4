import { lineText } from './lineSplitter.ts';

/**
 * Record lines of one JSONL file, undecoded (JsonlDecoder's deferred mode), as bytes: a replay
 * worker receives a chunk of them as one transferred buffer and makes each line's text itself
 * (lineText). Sent as strings, every line was decoded, cloned and collected on the reading
 * thread: 4.8 GB of strings through its young generation at 10⁶ graph-braid episodes.
 */
export interface RecordLines {
  /**
   * The lines' bytes one after the other, without their newlines. A reader's (DeferredCorpus.pieces)
   * are valid until its next piece is asked for: whoever holds them longer copies them.
   */
  bytes: Uint8Array;
  /** Per line, its length in `bytes`; −1 for a line over the reader's maxLine bytes (none kept). */
  lengths: number[];
  /** Per line, its 1-based number in the file. */
  lineNumbers: number[];
}

/**
 * Calls `each` with the text of every line of `lines` in order (null: over maxLine bytes), as
 * LineSplitter gives it; each text is made as it is handed out, so none outlives its turn.
 */
export function forEachRecordLine(lines: RecordLines, each: (text: string | null, lineNumber: number) => void): void {
  const bytes = Buffer.from(lines.bytes.buffer, lines.bytes.byteOffset, lines.bytes.byteLength);
  for (let i = 0, at = 0; i < lines.lengths.length; i++) {
    const n = lines.lengths[i]!;
    if (n < 0) each(null, lines.lineNumbers[i]!);
    else {
      each(lineText(bytes.subarray(at, at + n), lines.lineNumbers[i]!), lines.lineNumbers[i]!);
      at += n;
    }
  }
}

/** The text of each line of `lines` (null: over maxLine bytes), as LineSplitter gives it. */
export function recordLineTexts(lines: RecordLines): Array<string | null> {
  const out: Array<string | null> = [];
  forEachRecordLine(lines, (text) => out.push(text));
  return out;
}

/**
 * Appends record lines' bytes into one buffer, reused from piece to piece: `take` hands out a view
 * on it, valid until the next `add` (a fresh buffer per piece of a 4.8 GB corpus is external
 * memory V8 collects for: full collections on the reading thread). Grows by doubling.
 */
export class RecordLinesBuilder {
  private bytes = Buffer.allocUnsafe(0);
  private used = 0;
  private lengths: number[] = [];
  private lineNumbers: number[] = [];

  /** Appends line `n`'s bytes (copied), or null for a line over maxLine bytes. */
  add(bytes: Buffer | null, n: number): void {
    this.lineNumbers.push(n);
    if (bytes === null) {
      this.lengths.push(-1);
      return;
    }
    if (this.used + bytes.length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.used + bytes.length, 1 << 16));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    bytes.copy(this.bytes, this.used);
    this.used += bytes.length;
    this.lengths.push(bytes.length);
  }

  /** The lines added since the last call: their bytes are a view, valid until the next `add`. */
  take(): RecordLines {
    const out = { bytes: this.bytes.subarray(0, this.used), lengths: this.lengths, lineNumbers: this.lineNumbers };
    this.used = 0;
    this.lengths = [];
    this.lineNumbers = [];
    return out;
  }
}
