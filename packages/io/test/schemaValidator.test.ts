import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaIssues, jsonObjectAt, schemaValidator } from '@carb/io';

const dir = mkdtempSync(join(tmpdir(), 'carb-schema-'));
const schemaFile = (name: string, schema: object): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(schema));
  return file;
};

describe('schemaValidator: the one Ajv instance', () => {
  it('compiles a file once: the same validator the second time, prepare seen once', () => {
    let prepared = 0;
    const file = schemaFile('once.json', { type: 'object', properties: { n: { type: 'integer' } } });
    const a = schemaValidator(file, () => {
      prepared++;
    });
    const b = schemaValidator(file, () => {
      prepared++;
    });
    expect(a).toBe(b);
    expect(prepared).toBe(1);
  });

  it('prepare may fill in a list the code owns before compiling', () => {
    const file = schemaFile('filled.json', { type: 'object', properties: { kind: { type: 'string' } } });
    const v = schemaValidator(file, (s) => {
      jsonObjectAt(s, '/properties').kind = { enum: ['alpha', 'beta'] };
    });
    expect(schemaIssues(v, { kind: 'betta' })).toEqual([
      '/kind: expected one of "alpha", "beta", found string "betta" (did you mean "beta"?)',
    ]);
  });
});

describe('jsonObjectAt: the object at a JSON pointer', () => {
  it('returns the object at a pointer (~1 is a slash), and refuses one line naming the pointer otherwise', () => {
    const schema = { properties: { 'a/b': { enum: [1] } }, list: [1] };
    expect(jsonObjectAt(schema, '/properties/a~1b')).toEqual({ enum: [1] });
    expect(() => jsonObjectAt(schema, '/properties/c')).toThrow('/properties/c: expected an object, found nothing');
    expect(() => jsonObjectAt(schema, '/list')).toThrow('/list: expected an object, found [1]');
  });
});

describe('schemaIssues: "expected" words a rule in carb\'s terms', () => {
  const v = schemaValidator(
    schemaFile('expected.json', {
      type: 'object',
      expected: 'a row object',
      required: ['n', 'm'],
      properties: { n: { type: 'integer', minimum: 0, expected: 'a count' }, m: {}, k: { type: 'string' } },
      if: { properties: { m: { const: -1 } }, required: ['m'] },
      then: { properties: { k: { type: 'null', expected: 'null (m is −1)' } } },
    }),
  );

  it('a failed keyword, a missing key, the value as a whole: the annotation; elsewhere the generic line', () => {
    expect(schemaIssues(v, { n: -1, m: 0 })).toEqual(['/n: expected a count, found number -1']);
    expect(schemaIssues(v, { m: 0 })).toEqual(['/n: expected a count, found nothing']);
    expect(schemaIssues(v, 3)).toEqual(['/: expected a row object, found number 3']);
    expect(schemaIssues(v, { n: 1 })).toEqual(['/m: expected a value (required key), found nothing']);
  });

  it('if/then: the then-branch line only, not also "must match then"', () => {
    expect(schemaIssues(v, { n: 1, m: -1, k: 'x' })).toEqual(['/k: expected null (m is −1), found string "x"']);
  });
});
