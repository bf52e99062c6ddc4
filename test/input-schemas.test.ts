import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { runCliWithStdin } from './helpers/deployFixture.ts';

// deploy.json and carb gate's stdin events are checked against configs/schema/{deploy,gate-event}.schema.json
// (one Ajv instance, one formatter); the lines keep carb's wording, one per problem.
const dir = mkdtempSync(join(tmpdir(), 'carb-deploy-schema-'));
const GOOD = {
  stratum: 'all',
  method: 'g-carb',
  alpha: 0.05,
  n: 10,
  lambdaIndex: 3,
  lambda: 0.04,
  guarantee: 'expectation',
  delta: null,
  pipelineHash: 'a'.repeat(64),
};
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
    expect(run.errLines).toEqual([
      `carb: ${join(dir, 'summary.json')}: expected the summary.json a calibration writes beside deploy.json, found no file`,
    ]);
  }, 60_000);
});

describe('carb gate stdin events against configs/schema/gate-event.schema.json', () => {
  const gate = (line: string) => runCliWithStdin(['gate', '--lambda', '1'], `${line}\n`);

  it('an event with several problems gets one line each (the hand check stopped at the first)', async () => {
    const run = await gate('{"type":"proposal","tool":"","args":[],"externalScore":2}');
    expect(run.code).toBe(1);
    expect(run.errLines).toEqual([
      'carb: stdin: line 1: /tool: expected a non-empty tool name, found string ""',
      'carb: stdin: line 1: /args: expected an object of arguments, found an array (length 0)',
      'carb: stdin: line 1: /externalScore: expected a number in [0, 1], found number 2',
    ]);
  }, 60_000);

  it('an unknown key names the keys of that event kind; a bad provenance list names the item', async () => {
    const extra = await gate('{"type":"result","result":"r","error":null,"tool":"x"}');
    expect(extra.errLines).toEqual([
      'carb: stdin: line 1: /tool: unknown key (string "x"); expected one of "type", "ok", "result", "error"',
    ]);
    const prov = await gate('{"tool":"a","args":{},"result":"","error":null,"provenance":{"objects":["o",1]}}');
    expect(prov.errLines).toEqual(['carb: stdin: line 1: /provenance/objects/1: expected a string, found number 1']);
  }, 60_000);

  it("not an object, a bad type (read as a step, so its missing keys too), the next step's index", async () => {
    expect((await gate('[]')).errLines).toEqual([
      'carb: stdin: line 1: expected one JSON object (a step, or a {"type":"proposal"} / {"type":"result"} event), found an array (length 0)',
    ]);
    expect((await gate('{"type":"propose","tool":"a","args":{}}')).errLines).toEqual([
      'carb: stdin: line 1: /result: expected the visible result text (a string, "" when the tool failed), found nothing',
      'carb: stdin: line 1: /error: expected null or the error text, found nothing',
      'carb: stdin: line 1: /type: expected "proposal" or "result" (or no type: a canonical step), found string "propose"',
    ]);
    expect((await gate('{"index":3,"tool":"a","args":{},"result":"","error":null}')).errLines).toEqual([
      "carb: stdin: line 1: /index: expected 0 (the next proposal's step), found number 3",
    ]);
  }, 60_000);
});
