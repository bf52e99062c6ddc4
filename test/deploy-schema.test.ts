import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';

// deploy.json is checked against configs/schema/deploy.schema.json; the lines are carb's wording.
const dir = mkdtempSync(join(tmpdir(), 'carb-deploy-schema-'));
const GOOD = { stratum: 'all', method: 'g-carb', alpha: 0.05, n: 10, lambdaIndex: 3, lambda: 0.04, guarantee: 'expectation', delta: null, pipelineHash: 'a'.repeat(64) };
const write = (name: string, value: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe('deploy.json against its schema (carb deploy diff reads both files)', () => {
  it('a row with two bad keys gets one line per key (the hand check stopped at the first)', async () => {
    const bad = write('two.json', [GOOD, { ...GOOD, method: 'x', alpha: 2 }]);
    const run = await runCli(['deploy', 'diff', bad, bad]);
    expect(run.code).toBe(1);
    expect(run.errLines).toEqual([
      `carb: ${bad}: row 1: /method: expected a method name, found string "x"`,
      `carb: ${bad}: row 1: /alpha: expected a number in (0, 1), found number 2`,
    ]);
  }, 60_000);

  it('the wording of each rule, as before: not an array, a row not an object, lambda against lambdaIndex, a missing key', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'expected a JSON array of deploy rows, found an object'],
      [[1], 'row 0: expected an object, found number 1'],
      [[{ ...GOOD, lambdaIndex: -1 }], 'row 0: /lambda: expected null (lambdaIndex is −1), found number 0.04'],
      [[{ ...GOOD, lambda: null }], 'row 0: /lambda: expected the grid value of lambdaIndex, found null'],
      [[{ ...GOOD, n: 1.5 }], 'row 0: /n: expected a non-negative integer, found number 1.5'],
      [[{ ...GOOD, lambdaIndex: -2 }], 'row 0: /lambdaIndex: expected a grid index, or −1 when infeasible, found number -2'],
      [[{ ...GOOD, guarantee: 'exp' }], 'row 0: /guarantee: expected one of "expectation", "high-probability", found string "exp"'],
      [[{ ...GOOD, pipelineHash: undefined }], 'row 0: /pipelineHash: expected a SHA-256 of 64 hex digits, found nothing'],
    ];
    for (const [i, [value, line]] of cases.entries()) {
      const file = write(`case${i}.json`, value);
      const run = await runCli(['deploy', 'diff', file, file]);
      expect(run.errLines).toEqual([`carb: ${file}: ${line}`]);
    }
  }, 60_000);

  it('extra keys are left alone: a valid file passes the schema (deploy diff goes on to look for summary.json beside it)', async () => {
    const file = write('good.json', [{ ...GOOD, note: 'mine' }]);
    const run = await runCli(['deploy', 'diff', file, file]);
    expect(run.errLines).toEqual([`carb: ${join(dir, 'summary.json')}: expected the summary.json a calibration writes beside deploy.json, found no file`]);
  }, 60_000);
});
