import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP, jsonLimitIssue, parsedJsonIssue, unsafeIntegers } from '../src/index.ts';

const nested = (depth: number): unknown => (depth === 0 ? 0 : [nested(depth - 1)]);

describe('unsafeIntegers', () => {
  it('finds the integer literals JSON.parse rounds (beyond 2^53), outside strings only', () => {
    // 2^53 + 1 = 9007199254740993 parses as 9007199254740992
    const found = unsafeIntegers('{"id":9007199254740993,"s":"9007199254740995","ok":9007199254740992}');
    expect([...found]).toEqual([[9007199254740992, '9007199254740993']]);
    expect(unsafeIntegers('{"a":1}').size).toBe(0);
  });
});

describe('jsonLimitIssue', () => {
  it(`nesting: ${MAX_JSON_DEPTH} arrays deep is read, ${MAX_JSON_DEPTH + 1} is refused (a record at depth 1 counts from there)`, () => {
    expect(jsonLimitIssue(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonLimitIssue(nested(MAX_JSON_DEPTH + 1))).toEqual({ reason: 'too-deep', message: TOO_DEEP });
    expect(jsonLimitIssue(nested(MAX_JSON_DEPTH), { depth: 1 })).toEqual({ reason: 'too-deep', message: TOO_DEEP });
  });

  it('a non-finite number (1e999) is refused with its JSON pointer', () => {
    expect(jsonLimitIssue(JSON.parse('{"a":[1,1e999]}'), { at: '/r' })).toEqual({
      reason: 'non-finite-number',
      message: '/r/a/1: expected a finite number, found one out of range (it parses as Infinity)',
    });
  });

  it('a rounded integer literal is refused with its pointer, found from the text', () => {
    const text = '{"x":{"id":9007199254740993}}';
    expect(parsedJsonIssue(text, JSON.parse(text))).toEqual({
      reason: 'unsafe-integer',
      message:
        '/x/id: expected an integer JSON numbers hold exactly (at most 2^53), found 9007199254740993 (it parses as 9007199254740992)',
    });
    // the same number written exactly is fine
    expect(parsedJsonIssue('{"id":9007199254740992}', { id: 9007199254740992 })).toBeNull();
  });

  it('the text searched on demand names the same number as the literals found beforehand: the first in document order', () => {
    // the walk meets 1e999 first (scalars before nested containers); in document order the rounded literal at /a/0 comes first
    const text = '{"a":[9007199254740993],"b":1e999}';
    const named = {
      reason: 'unsafe-integer',
      message: '/a/0: expected an integer JSON numbers hold exactly (at most 2^53), found 9007199254740993 (it parses as 9007199254740992)',
    };
    expect(jsonLimitIssue(JSON.parse(text), { unsafe: unsafeIntegers(text) })).toEqual(named);
    expect(jsonLimitIssue(JSON.parse(text), { text })).toEqual(named);
    expect(parsedJsonIssue(text, JSON.parse(text))).toEqual(named);
  });

  it('scalars and ordinary values have no issue', () => {
    expect(jsonLimitIssue('s')).toBeNull();
    expect(jsonLimitIssue({ a: [1, 'b', null, { c: true }] })).toBeNull();
  });
});
