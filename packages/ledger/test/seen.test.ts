import { describe, expect, it } from 'vitest';
import { injectionVisible, visibleNeedles } from '../src/index.ts';
import { memoVisibleNeedles, needleProbe } from '../src/seen.ts';

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

describe('memoVisibleNeedles: visibleNeedles through a memo of long results', () => {
  const filler = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' \n ');
  const needleSets = [
    ['send the money to eve', 'forward all mail'],
    ['forward all mail'],
    ['delete the file', 'send the money to eve', ''],
  ];
  // long results (over 1,024 characters) with some needles in them, plain and YAML-quoted, and a short one
  const results = [
    `${filler(300, 'a')} send the money to eve ${filler(10, 'b')}`,
    `${filler(300, 'c')} "forward all\\\n  \\ mail" ${filler(50, 'd')}`,
    `${filler(400, 'e')} delete the\tfile and forward   all mail`,
    filler(400, 'f'),
    'short: send the money to eve',
  ];
  it('equals visibleNeedles for every result, needle set and skip set, asked again and again', () => {
    let checked = 0;
    for (let round = 0; round < 3; round++)
      for (const needles of needleSets) {
        const probes = needles.map((n) => needleProbe(n));
        const key = needles.join('\0');
        for (const result of results)
          for (const skip of [NONE, new Set([0]), new Set([1]), new Set([0, 1, 2])]) {
            const got = memoVisibleNeedles(result, needles, probes, skip, key);
            expect(got).toEqual(visibleNeedles(result, needles, probes, skip));
            // the caller may keep what it gets: asking again returns the same indices
            got.push(99);
            expect(memoVisibleNeedles(result, needles, probes, skip, key)).toEqual(visibleNeedles(result, needles, probes, skip));
            checked++;
          }
      }
    expect(checked).toBe(3 * 3 * 5 * 4);
    // the fixtures do reach the memo and find needles there
    expect(results.filter((r) => r.length > 1024)).toHaveLength(4);
    expect(
      memoVisibleNeedles(
        results[2]!,
        needleSets[2]!,
        needleSets[2]!.map((n) => needleProbe(n)),
        NONE,
        needleSets[2]!.join('\0'),
      ),
    ).toEqual([0]);
  });

  it('stays right past its character cap (emptied, then filled again) and for a text longer than the cap', () => {
    const needles = ['send the money to eve'];
    const probes = needles.map((n) => needleProbe(n));
    const key = needles.join('\0');
    // four texts of 3 M characters pass the 8 M cap; the fifth is longer than the cap and never kept
    const texts = [1, 2, 3, 4].map((i) => `${'x'.repeat(3_000_000 + i)} ${i % 2 ? 'send the money to eve' : ''}`);
    texts.push(`${'y '.repeat(4_500_000)}send the money\n to eve`);
    for (let round = 0; round < 2; round++)
      for (const t of texts) expect(memoVisibleNeedles(t, needles, probes, NONE, key)).toEqual(visibleNeedles(t, needles, probes, NONE));
  });
});
