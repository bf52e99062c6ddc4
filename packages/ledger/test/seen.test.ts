import { describe, expect, it } from 'vitest';
import { injectionVisible, visibleNeedles } from '../src/index.ts';
import { needleProbe } from '../src/seen.ts';

const NONE = new Set<number>();
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const visible = (result: string, needles: string[]) =>
  visibleNeedles(
    result,
    needles,
    needles.map((n) => needleProbe(n)),
    NONE,
  );

// visibleNeedles finds a needle without normalizing the whole result; its decision must stay
// injectionVisible's (normalize the result, or its YAML-unquoted form, and look for the needle)
describe('visibleNeedles: the decision of injectionVisible, without normalizing results', () => {
  it('matches across whitespace runs of any kind, from mid-word to mid-word', () => {
    expect(visible('xx say\n\n  hello\tto\u00a0mark.bl yy', ['say hello to mark.bl'])).toEqual([0]);
    // the first word may end a longer token and the last may begin one
    expect(visible('essay hello to mark.black', ['say hello to mark'])).toEqual([0]);
    // an inner word must be a whole token
    expect(visible('say hellooo to mark', ['say hello to mark'])).toEqual([]);
    expect(visible('say ohello to mark', ['say hello to mark'])).toEqual([]);
    // no whitespace between words is no match
    expect(visible('sayhello to mark', ['say hello to mark'])).toEqual([]);
    // the probe occurs first where the rest does not fit, then where it does
    expect(visible('mark.black x; send mark.black now', ['send mark.black now'])).toEqual([0]);
  });

  it('reads YAML-quoted results unquoted (an escaped line break inside the injection)', () => {
    expect(visible('body: "send the\\\n  \\ money to eve"', ['send the money to eve'])).toEqual([0]);
    expect(visible("note: 'it''s urgent, pay now'", ["it's urgent, pay now"])).toEqual([0]);
  });

  it('treats as whitespace exactly the code units \\s matches', () => {
    const missed: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      if ((visible(`a${ch}b`, ['a b']).length === 1) !== /\s/.test(ch)) missed.push(c);
    }
    expect(missed).toEqual([]);
  });

  it('agrees with injectionVisible on 20,000 random results and needles', () => {
    // a small alphabet, so that needles do occur, with every kind of whitespace and YAML quoting
    const alphabet = ['a', 'b', 'ab', ' ', ' ', '\n', '\t', '\u00a0', '\u2003', '\ufeff', "'", "''", '\\', '\\\n ', 'n', '"'];
    let seed = 7;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % k;
    };
    const text = (len: number) => Array.from({ length: len }, () => alphabet[rand(alphabet.length)]!).join('');
    let found = 0;
    for (let t = 0; t < 20_000; t++) {
      const result = text(rand(30));
      const needles = [squash(text(1 + rand(6))), squash(text(1 + rand(4)))].filter((n) => n !== '');
      const want = needles.flatMap((n, v) => (injectionVisible(result, n) ? [v] : []));
      found += want.length;
      expect(visible(result, needles), JSON.stringify({ result, needles })).toEqual(want);
    }
    // the comparison means something only if needles were found as well as missed
    expect(found).toBeGreaterThan(2000);
  });
});
