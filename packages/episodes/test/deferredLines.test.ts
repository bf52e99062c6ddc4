import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { JsonlDecoder, LineSplitter, recordLineTexts } from '../src/index.ts';

const MAX_LINE = 64;

// Lines a deferred read must tell apart by their bytes alone (line 1 opens with a byte order mark).
const INPUT = Buffer.concat([
  Buffer.from('\ufeff{"id":"a"}\r\n\n   \n\u00a0\n  {"id":"b"}\n', 'utf8'),
  Buffer.from([0x7b, 0xff, 0x7d, 0x0a]),
  Buffer.from(`{"id":"${'x'.repeat(MAX_LINE)}"}\n{"id":"é"}\r\n\t\n{"id":"last"}`, 'utf8'),
]);

/** The record lines a reader keeps, by the text rule: every line but blank ones, as LineSplitter gives it. */
function byText(input: Buffer): Array<[string | null, number]> {
  const out: Array<[string | null, number]> = [];
  const s = new LineSplitter((text, n) => {
    if (text === null || text.trim() !== '') out.push([text, n]);
  }, MAX_LINE);
  s.push(input);
  s.end();
  return out;
}

describe("JsonlDecoder's deferred lines: bytes for the decoding side, the same lines as the text rule", () => {
  it('for any cut of the input into chunks', () => {
    const want = byText(INPUT);
    // independent: 10 lines, of which 4 are blank (empty, spaces, a no-break space, a tab)
    expect(want.map(([, n]) => n)).toEqual([1, 5, 6, 7, 8, 10]);
    expect(want[0]![0]).toBe('{"id":"a"}\r');
    expect(want[3]![0]).toBeNull();
    const rng = seedrandom('deferred-lines');
    for (let round = 0; round < 200; round++) {
      const d = new JsonlDecoder('f.jsonl', MAX_LINE, true);
      const got: Array<[string | null, number]> = [];
      // a piece's bytes are valid until the next push: read them at once
      const take = () => {
        const lines = d.takeLines();
        recordLineTexts(lines).forEach((t, i) => got.push([t, lines.lineNumbers[i]!]));
      };
      for (let at = 0; at < INPUT.length;) {
        const n = round === 0 ? INPUT.length : 1 + Math.floor(rng() * 17);
        d.push(INPUT.subarray(at, at + n));
        take();
        at += n;
      }
      expect(d.end()).toBeNull();
      take();
      expect(got).toEqual(want);
    }
  });
});
