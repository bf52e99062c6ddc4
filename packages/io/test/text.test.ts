import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BOM,
  NOT_UTF8,
  escapeControl,
  jsonlLines,
  parsedLines,
  readConfigJson,
  redactValues,
  redactionMarker,
  refuseConfig,
  shownContent,
  stripBom,
  utf8Text,
} from '../src/index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-io-text-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('utf8Text, stripBom', () => {
  it('decodes UTF-8, drops a leading BOM only at the start of a file, refuses invalid bytes with null', () => {
    expect(BOM).toBe('\ufeff');
    expect(utf8Text(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa9]), true)).toBe('aé');
    expect(utf8Text(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]), false)).toBe('\ufeffa');
    expect(utf8Text(Uint8Array.from([0x61, 0xff]), true)).toBeNull();
    // invalid forms a decoder turns into U+FFFD: truncated, overlong, an encoded surrogate, beyond U+10FFFF
    for (const bad of [[0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80]])
      expect(utf8Text(Uint8Array.from([0x61, ...bad, 0x62]), false)).toBeNull();
    // a real U+FFFD (EF BF BD) is valid text, kept; beside an invalid byte the whole is refused
    expect(utf8Text(Uint8Array.from([0x61, 0xef, 0xbf, 0xbd]), false)).toBe('a\ufffd');
    expect(utf8Text(Uint8Array.from([0xef, 0xbf, 0xbd, 0xff]), false)).toBeNull();
    // a view into a larger buffer: only its own bytes count
    expect(utf8Text(Uint8Array.from([0xff, 0x61, 0x62, 0xff]).subarray(1, 3), false)).toBe('ab');
    expect(stripBom('\ufeff\ufeffx')).toBe('\ufeffx');
    expect(NOT_UTF8).toBe('expected UTF-8 text, found bytes that are not (invalid UTF-8)');
  });
});

describe('parsedLines, jsonlLines', () => {
  const text = '{"a":1}\n\n  \n[2]\n{bad\n';
  it('skips blank lines and numbers the others from 1', () => {
    const lines = [...parsedLines(text)];
    expect(lines.map((l) => l.line)).toEqual([1, 4, 5]);
    expect(lines[0]!.value).toEqual({ a: 1 });
    expect(lines[2]!.error).toMatch(/JSON/);
  });

  it('jsonlLines yields the good lines with file:line and one problem line per malformed one', () => {
    const problems: string[] = [];
    const got = [...jsonlLines(text, 'x.jsonl', 'one event', problems)];
    expect(got.map((g) => g.at)).toEqual(['x.jsonl:1', 'x.jsonl:4']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^x\.jsonl:5: expected one event per line, found malformed JSON \(.+\)$/);
  });
});

describe('readConfigJson, refuseConfig', () => {
  it('parses a JSON file; a missing or malformed one is refused in one line naming it', () => {
    writeFileSync(join(tmp, 'ok.json'), '{"k":[1]}');
    writeFileSync(join(tmp, 'bad.json'), '{"k":');
    expect(readConfigJson(join(tmp, 'ok.json'))).toEqual({ k: [1] });
    expect(() => readConfigJson(join(tmp, 'none.json'))).toThrow(`${join(tmp, 'none.json')}: expected a readable file, found no file`);
    expect(() => readConfigJson(join(tmp, 'bad.json'))).toThrow(
      new RegExp(`^${join(tmp, 'bad.json')}: expected JSON, found a syntax error \\(`),
    );
  });

  it('refuseConfig: one line per problem, each naming the file', () => {
    expect(() => refuseConfig('c.json', ['/a: x', '/b: y'])).toThrow('c.json: /a: x\nc.json: /b: y');
  });
});

describe('escapeControl', () => {
  it('one character as its JSON escape', () => {
    expect(['\n', '\r', '\t', '\u001b', '\u202e'].map(escapeControl)).toEqual(['\\n', '\\r', '\\t', '\\u001b', '\\u202e']);
  });
});

describe('redaction', () => {
  it('a marker keeps the kind and size, never the text (characters, not UTF-16 units)', () => {
    expect(redactionMarker('héllo')).toBe('‹redacted: 5 chars›');
    expect(redactionMarker('👩')).toBe('‹redacted: 1 char›');
    expect(redactionMarker([1, 2])).toBe('‹redacted: 2 items›');
    expect(redactionMarker({ a: 1 })).toBe('‹redacted: 1 keys›');
    expect(redactionMarker(7)).toBe('‹redacted: number›');
  });

  it('redactValues replaces every leaf, keeps keys, nesting, null and the members named in keep', () => {
    expect(redactValues({ id: 'e1', args: { to: 'bob', n: [1, null] } }, new Set(['id']))).toEqual({
      id: 'e1',
      args: { to: '‹redacted: 3 chars›', n: ['‹redacted: number›', null] },
    });
  });

  it('shownContent: the value itself with --include-content, else redacted', () => {
    expect(shownContent({ a: 'x' }, true)).toEqual({ a: 'x' });
    expect(shownContent({ a: 'x' }, false)).toEqual({ a: '‹redacted: 1 char›' });
  });
});
