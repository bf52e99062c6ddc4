import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalize } from '../src/index.ts';

describe('canonicalJson', () => {
  it('sorts keys by code unit at every depth, drops whitespace and undefined members', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x', undefined], c: { e: 0.5, d: -0, f: undefined } })).toBe(
      '{"a":[true,null,"x",null],"b":1,"c":{"d":0,"e":0.5}}',
    );
    // code units: "B" (0x42) < "_" (0x5f) < "a" (0x61)
    expect(canonicalJson({ a: 1, _: 2, B: 3 })).toBe('{"B":3,"_":2,"a":1}');
  });

  it('orders integer-like keys as strings ("10" < "2" < "a"), not as JS enumerates them', () => {
    expect(canonicalJson({ a: 0, 2: 'y', 10: 'x' })).toBe('{"10":"x","2":"y","a":0}');
  });

  it('prints numbers and strings as JSON.stringify does; typed arrays as arrays', () => {
    expect(canonicalJson([1e21, 0.1 + 0.2, -1.5])).toBe('[1e+21,0.30000000000000004,-1.5]');
    expect(canonicalJson('é"\n')).toBe('"é\\"\\n"');
    expect(canonicalJson(new Int16Array([3, -1]))).toBe('[3,-1]');
  });

  it('writes arrays of primitives whole as element by element: mixed, with objects, null, undefined and -0', () => {
    expect(canonicalJson([3, 'a\u2028', false, null, undefined, -0, 2.5])).toBe('[3,"a\u2028",false,null,null,0,2.5]');
    expect(canonicalJson([1, { b: 2, a: [0, 'x'] }, 'z'])).toBe('[1,{"a":[0,"x"],"b":2},"z"]');
    expect(canonicalJson({ runs: Int32Array.from({ length: 5 }, (_, i) => i * 7) })).toBe('{"runs":[0,7,14,21,28]}');
    expect(() => canonicalJson([1, 2, Number.NaN])).toThrow(/finite number, found NaN/);
    expect(() => canonicalJson(new Float64Array([1, -Infinity]))).toThrow(/finite number, found -Infinity/);
    expect(() => canonicalJson(['a', 1n])).toThrow(/found bigint/);
  });

  it('refuses what JSON cannot hold', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow('canonicalJson: expected a finite number, found NaN');
    expect(() => canonicalJson([Infinity])).toThrow(/finite number, found Infinity/);
    expect(() => canonicalJson({ a: 1n })).toThrow('canonicalJson: expected a JSON value, found bigint');
    expect(() => canonicalJson(undefined)).toThrow(/found undefined/);
  });
});

describe('canonicalize: the encoder form of a JSON value', () => {
  it('copies with keys in code-unit order at every depth, leaving the input as it was', () => {
    const input = { b: [{ y: 1, x: 2 }], a: null };
    const out = canonicalize(input);
    expect(JSON.stringify(out)).toBe('{"a":null,"b":[{"x":2,"y":1}]}');
    expect(JSON.stringify(input)).toBe('{"b":[{"y":1,"x":2}],"a":null}');
  });

  it('serialises like canonicalJson except for integer-like keys, which JS enumerates first (the corpus bytes keep this)', () => {
    const v = { a: 0, 2: 'y', 10: 'x' };
    expect(JSON.stringify(canonicalize(v))).toBe('{"2":"y","10":"x","a":0}');
    expect(canonicalJson(v)).toBe('{"10":"x","2":"y","a":0}');
    expect(JSON.stringify(canonicalize({ c: [1, 'z'], b: true }))).toBe(canonicalJson({ c: [1, 'z'], b: true }));
  });

  it('orders keys by UTF-16 code unit, not by locale or case', () => {
    // "B" 0x42 < "_" 0x5f < "a" 0x61 < "aa" < "b" < "é" 0xe9 < "😀" (surrogates 0xd83d…) < "ｚ" 0xff5a
    const out = canonicalize({ ｚ: 1, é: 2, '😀': 3, b: 4, aa: 5, a: 6, _: 7, B: 8 });
    expect(Object.keys(out)).toEqual(['B', '_', 'a', 'aa', 'b', 'é', '😀', 'ｚ']);
    expect(canonicalize({ k: [{ b: { d: 1, c: 2 }, a: 'x' }] })).toEqual({ k: [{ a: 'x', b: { c: 2, d: 1 } }] });
    expect(JSON.stringify(canonicalize({ k: [{ b: { d: 1, c: 2 }, a: 'x' }] }))).toBe('{"k":[{"a":"x","b":{"c":2,"d":1}}]}');
  });

  it('returns scalars as they are', () => {
    expect(canonicalize('s')).toBe('s');
    expect(canonicalize(3)).toBe(3);
    expect(canonicalize(null)).toBe(null);
  });
});
