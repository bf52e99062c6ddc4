import { describe, expect, it } from 'vitest';
import { normalizedKey, sameValue } from '../src/index.ts';

describe('sameValue: argument values compared after normalization', () => {
  it('strings trimmed and case-folded, at any depth', () => {
    expect(sameValue('XEWRD9', ' xewrd9 ')).toBe(true);
    expect(sameValue({ ids: ['ABC', 'd'] }, { ids: ['abc ', 'D'] })).toBe(true);
    expect(sameValue('abc', 'abd')).toBe(false);
  });

  it('numbers by value; a number and a numeric string differ; null, false and a missing value differ', () => {
    expect(sameValue(1, 1.0)).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue(null, false)).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
    expect(sameValue(undefined, undefined)).toBe(true);
  });

  it('objects whatever their key order, integer-like keys included; arrays in order', () => {
    expect(sameValue({ b: 1, a: 'X', 10: 0, 2: 1 }, { 2: 1, a: 'x', b: 1, 10: 0 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ A: 1 }, { a: 1 })).toBe(false);
  });

  it('normalizedKey is the canonical JSON of the folded value', () => {
    expect(normalizedKey({ b: ' X ', a: [1, null] })).toBe('{"a":[1,null],"b":"x"}');
  });
});
