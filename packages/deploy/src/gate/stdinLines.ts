import type { Readable } from 'node:stream';
import { INVALID_UTF8_LINE, LineSplitter, MAX_LINE_BYTES } from '@carb/episodes';
import { NOT_UTF8 } from '@carb/io';

/**
 * The lines of `input` with their 1-based numbers, as soon as each arrives: cut and decoded by
 * the corpus readers' LineSplitter, so a byte order mark opening line 1 is skipped and bytes
 * that are not UTF-8 are refused (`stdin: line N: expected UTF-8 text, …`), never turned into U+FFFD.
 */
export async function* stdinLines(input: Readable): AsyncGenerator<{ text: string; lineNo: number }> {
  const ready: Array<{ text: string | null; lineNo: number }> = [];
  const splitter = new LineSplitter((text, lineNo) => ready.push({ text, lineNo }), MAX_LINE_BYTES);
  const hand = function* (): Generator<{ text: string; lineNo: number }> {
    while (ready.length > 0) {
      const { text, lineNo } = ready.shift()!;
      if (text === null) throw new Error(`stdin: line ${lineNo}: expected a line of at most ${MAX_LINE_BYTES} bytes, found a longer one`);
      if (text === INVALID_UTF8_LINE) throw new Error(`stdin: line ${lineNo}: ${NOT_UTF8}`);
      // a `\r` before the `\n` stays in the line (readline's crlfDelay did the same): JSON reads it as whitespace
      yield { text, lineNo };
    }
  };
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    yield* hand();
  }
  splitter.end();
  yield* hand();
}
