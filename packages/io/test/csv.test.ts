import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '../src/index.ts';

describe('csvField (RFC 4180)', () => {
  it('leaves a field without separator, quote or line break as it is', () => {
    for (const s of ['', 'g-carb', '0.125', 'a b;c', 'é — λ̂', "it's"]) expect(csvField(s)).toBe(s);
  });

  it('quotes a field holding a comma, a double quote, CR or LF, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('x"y')).toBe('"x""y"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('"')).toBe('""""');
  });
});

describe('csvText', () => {
  it('one row per line, fields joined by commas, LF line ends and a final LF', () => {
    expect(
      csvText([
        ['name', 'n'],
        ['a,b', '2'],
        ['', ''],
      ]),
    ).toBe('name,n\n"a,b",2\n,\n');
  });

  it('no rows: empty text', () => {
    expect(csvText([])).toBe('');
  });
});
