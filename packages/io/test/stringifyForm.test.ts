import { describe, expect, it } from 'vitest';
import { keyCount, seededRandom, stringifyFormKeys } from '../src/index.ts';

describe('stringifyFormKeys', () => {
  it('counts the keys of texts JSON.stringify writes', () => {
    const written: Array<[string, number]> = [
      ['{}', 0],
      ['[true,false,null,0,-5,100,123456789012345]', 0],
      ['{"a":{"b":[{"c":1},{"d":"e:f"}]},"":2}', 5],
      ['{"a":"x\\"y","k\\"":1,"b":"z\\\\","c":"\\n\\t\\r\\b\\f"}', 4],
      ['{"a":"\\u001b[0m","b":"\\u0000"}', 2],
      ['{"a1":1.5,"b":-0.5,"c":0.000001,"d":1e-7,"e":1e+21,"f":3.4564876556396484,"g":9007199254740992}', 7],
      ['{"emoji":"\ud83d\ude00","sep":"\u2028"}', 2],
    ];
    for (const [text, keys] of written) {
      expect(JSON.stringify(JSON.parse(text)), text).toBe(text);
      expect(stringifyFormKeys(text), text).toBe(keys);
    }
  });

  it('refuses every other way of writing the same value', () => {
    const other = [
      ' {}',
      '{"a": 1}',
      '{"a":1 }',
      '[1,\n2]',
      '{"a":1e2}',
      '{"a":1E2}',
      '{"a":1.0}',
      '{"a":1.50}',
      '{"a":-0}',
      '{"a":0.0000001}',
      '{"a":9007199254740993}',
      '{"a":"\\u0041"}',
      '{"a":"\\u001B"}',
      '{"a":"\\u000a"}',
      '{"a":"\\/"}',
      '{"a":"\\ud83d\\ude00"}',
      '{"b":2,"10":1}',
      '{"a":"\ud800"}',
    ];
    for (const text of other) {
      expect(JSON.stringify(JSON.parse(text)), text).not.toBe(text);
      expect(stringifyFormKeys(text), text).toBe(-1);
    }
    // JSON.stringify writes these as they stand, but V8 orders such keys by their number, not by the text
    expect(stringifyFormKeys('{"01":1}')).toBe(-1);
    expect(stringifyFormKeys('{"1":1,"b":2}')).toBe(-1);
    expect(stringifyFormKeys('{"0":1}')).toBe(-1);
  });

  it('counts a repeated key twice, so it differs from keyCount of the parsed value', () => {
    const text = '{"a":1,"b":{"c":2,"c":3}}';
    expect(stringifyFormKeys(text)).toBe(4);
    expect(keyCount(JSON.parse(text) as object)).toBe(3);
  });

  it('on 4,000 random texts: accepted (count = keyCount) only when the text is JSON.stringify of its value, and every such text accepted', () => {
    const rng = seededRandom('stringifyForm');
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
    const keys = ['a', 'b', 'id', 'x y', 'k"q', '10', '', 'é', 'z\\'];
    const chars = ['a', ' ', '"', '\\', '/', '\n', '\u0001', '\u001f', '\u007f', 'é', '\ud83d\ude00', '\ud800', '\u2028', ':', ','];
    const numbers = [0, -0, 1, -5, 100, 1e21, 1.5, 0.1, 1e-7, 0.000001, 2 ** 53 + 2, 3.4564876556396484, -2.5e-10];
    const value = (depth: number): unknown => {
      const r = rng();
      if (depth > 3 || r < 0.3) return pick(numbers);
      if (r < 0.55) return Array.from({ length: 1 + Math.floor(rng() * 3) }, () => pick(chars)).join('');
      if (r < 0.6) return pick([true, false, null]);
      if (r < 0.8) return Array.from({ length: Math.floor(rng() * 3) }, () => value(depth + 1));
      const o: Record<string, unknown> = {};
      for (let k = Math.floor(rng() * 4); k > 0; k--) o[pick(keys)] = value(depth + 1);
      return o;
    };
    // other ways of writing one value: whitespace, number spellings, escapes, a repeated key
    const respell: Array<(t: string) => string> = [
      (t) => t.replace(/,/, ', '),
      (t) => t.replace(/:/, ' :'),
      (t) => t.replace(/:100/, ':1e2'),
      (t) => t.replace(/:1([,}\]])/, ':1.0$1'),
      (t) => t.replace(/:0([,}\]])/, ':-0$1'),
      (t) => t.replace(/\\u001f/, '\\u001F'),
      (t) => t.replace(/\//, '\\/'),
      (t) => t.replace(/"a/, '"\\u0061'),
      (t) => t.replace(/\{"a":/, '{"a":0,"a":'),
    ];
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 4000; i++) {
      const v = value(0);
      const stringified = JSON.stringify(v);
      const text = i % 2 === 0 ? stringified : pick(respell)(stringified);
      const parsed: unknown = JSON.parse(text);
      const count = stringifyFormKeys(text);
      const shown = count !== -1 && count === (typeof parsed === 'object' && parsed !== null ? keyCount(parsed) : 0);
      if (shown) {
        accepted++;
        expect(text).toBe(JSON.stringify(parsed));
      } else refused++;
      // what it may refuse although JSON.stringify wrote it: a key of digits, a lone surrogate (written escaped)
      if (text === stringified && !/"\d+":/.test(text) && !/\\ud[89a-f]/.test(text)) expect(shown, text).toBe(true);
    }
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(500);
  });
});

describe('keyCount', () => {
  it('counts own keys at every depth, inside arrays too', () => {
    expect(keyCount({})).toBe(0);
    expect(keyCount([1, 'a', null])).toBe(0);
    expect(keyCount({ a: 1, b: { c: [{ d: 1, e: { f: 2 } }] } })).toBe(6);
  });
});
