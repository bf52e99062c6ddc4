import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSweepRecord } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'carb-sweep-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'sweep.json');

/** readSweepRecord's refusal of `record` written as sweep.json. */
function refusal(record: unknown): string {
  writeFileSync(file, JSON.stringify(record));
  try {
    readSweepRecord(dir);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

// Issue 27: sweep.json read back on resume and by carb sweep merge is checked against its schema
// (configs/schema/sweep-record.schema.json): one line per issue naming the file, the key and what was expected.
describe('readSweepRecord', () => {
  it('refuses a condition whose hash is not a string, naming the file, the condition and what was expected', () => {
    expect(refusal({ specHash: 'x', conditions: [{ name: 'a', hash: 3 }], spec: {} })).toBe(
      `${file}: /conditions/0/hash: expected the condition's frozen hash (a string), found number 3`,
    );
  });

  it('refuses another JSON value and a record without its conditions, one line each', () => {
    expect(refusal([])).toBe(
      `${file}: expected a sweep record (an object with name, specHash, pipelineHash, carbVersion, conditions, spec), found an array (length 0)`,
    );
    expect(refusal({ specHash: 'x', spec: {} })).toBe(`${file}: /conditions: expected an array of conditions {name, hash}, found nothing`);
  });
});
