import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeployRow } from '@carb/calibrate';
import type { BreakpointTable } from '@carb/replay';
import { appliedCsv, appliedEpisode, applySummary, deployDiff, readFingerprint, type AppliedEpisode } from '@carb/deploy';

// one episode of 3 proposals: step t executes from grid index [0, 40, 60]; its union loss fires with step 1 (from 40);
// it completes its task at its end (from 60)
const table = {
  G: 102,
  n: 1,
  ids: ['e0'],
  stepOffset: Int32Array.from([0, 3]),
  executesFrom: Int32Array.from([0, 40, 60]),
  contextSize: Int32Array.from([1, 2, 3]),
  runsFrom: Int32Array.from([60]),
  unionLossFrom: Int32Array.from([40]),
  successFrom: Int32Array.from([60]),
  taskCompleted: Uint8Array.from([1]),
} as unknown as BreakpointTable;
const extra = {
  stratum: 'all',
  scores: ['0.1', '0.45', '0.6'],
  scoreValues: [0.1, 0.45, 0.6],
  events: [
    { step: 1, category: 'x' },
    { step: 2, category: 'y' },
  ],
};

describe('appliedEpisode', () => {
  it('stops before the first proposal executing only above g; loss and success read at g', () => {
    expect(appliedEpisode(table, 0, 50, extra)).toEqual({
      id: 'e0',
      stratum: 'all',
      steps: 3,
      stopStep: 2,
      stopScore: '0.6',
      maxScore: '0.6',
      contextSize: 3,
      executed: 2,
      runsFrom: 60,
      loss: 1,
      ledgerEvents: ['1:x'],
      taskCompleted: 1,
      success: 0,
    });
    const low = appliedEpisode(table, 0, 30, extra);
    expect([low.stopStep, low.stopScore, low.contextSize, low.executed, low.loss, low.ledgerEvents]).toEqual([1, '0.45', 2, 1, 0, []]);
    const top = appliedEpisode(table, 0, 60, extra);
    expect([top.stopStep, top.stopScore, top.contextSize, top.executed, top.loss, top.success, top.ledgerEvents]).toEqual([
      null,
      null,
      null,
      3,
      1,
      1,
      ['1:x', '2:y'],
    ]);
  });
});

const row = (id: string, stratum: string, loss: 0 | 1, stopped: boolean, taskCompleted: 0 | 1, success: 0 | 1): AppliedEpisode => ({
  id,
  stratum,
  steps: 2,
  stopStep: stopped ? 1 : null,
  stopScore: stopped ? '0.9' : null,
  maxScore: '0.9',
  contextSize: stopped ? 1 : null,
  executed: stopped ? 1 : 2,
  runsFrom: 90,
  loss,
  ledgerEvents: [],
  taskCompleted,
  success,
});

describe('applySummary', () => {
  it('pooled then per stratum: n, intervention, loss with its Clopper–Pearson interval against α, success', () => {
    const rows = [
      row('a', 'm1', 1, false, 1, 1),
      row('b', 'm1', 0, true, 1, 0),
      row('c', 'm2', 0, true, 0, 0),
      row('d', 'm2', 0, false, 0, 0),
    ];
    const s = applySummary(rows, 0.1);
    expect(s.map((x) => [x.stratum, x.n, x.intervention, x.losses, x.loss, x.success])).toEqual([
      ['all', 4, 0.5, 1, 0.25, 0.25],
      ['m1', 2, 0.5, 1, 0.5, 0.5],
      ['m2', 2, 0.5, 0, 0, null],
    ]);
    // 1 of 4: lower = 1 − .975^(1/4) = .0063 < α, so not above α
    expect(s[0]!.lossInterval[0]).toBeCloseTo(1 - 0.975 ** 0.25, 9);
    expect(s[0]!.exceedsAlpha).toBe(false);
  });
  it('says n/a (null), never 0, when no episode records a completed task', () => {
    expect(applySummary([row('a', 'all', 0, false, 0, 0)], 0.1).map((x) => x.success)).toEqual([null]);
  });
  it('flags a realized loss whose whole interval is above α', () => {
    const rows = Array.from({ length: 10 }, (_, k) => row(`e${k}`, 'all', k < 8 ? 1 : 0, false, 1, 1));
    expect(applySummary(rows, 0.1)[0]!.exceedsAlpha).toBe(true);
  });
});

describe('appliedCsv', () => {
  it('writes ids, counts and scores only; a missing value is an empty cell', () => {
    expect(appliedCsv([row('x,"y"', 'all', 0, false, 1, 1)])).toBe(
      'id,stratum,steps,stopStep,stopScore,maxScore,contextSize,executed,runsFrom,loss,ledgerEvents,taskCompleted,success\n' +
        '"x,""y""",all,2,,,0.9,,2,90,0,,1,1\n',
    );
  });
});

const dep = (method: string, alpha: number, lambdaIndex: number, n: number): DeployRow =>
  ({
    stratum: 'all',
    method,
    alpha,
    n,
    lambdaIndex,
    lambda: lambdaIndex < 0 ? null : (lambdaIndex - 1) / 100,
    guarantee: 'expectation',
    delta: null,
    pipelineHash: 'h',
  }) as unknown as DeployRow;

describe('deployDiff', () => {
  it("marks changed thresholds and shows each side's held-out means", () => {
    const a = [dep('g-carb', 0.05, 36, 100), dep('full-prefix', 0.05, 50, 100)];
    const b = [dep('g-carb', 0.05, 51, 200), dep('full-prefix', 0.05, 50, 200)];
    const held = [{ method: 'g-carb', alpha: 0.05, meanLoss: 0.04, intervention: 0.5, utility: 0.3 }];
    const r = deployDiff(a, b, held, []);
    expect(r.changed).toBe(1);
    expect(r.lines).toEqual([
      '* g-carb α 0.05 stratum all: λ 0.35 → 0.5 (a: n 100, L̄ 0.040 I 0.500 U 0.300; b: n 200, no held-out estimate)',
      '  full-prefix α 0.05 stratum all: λ 0.49 → 0.49 (a: n 100, no held-out estimate; b: n 200, no held-out estimate)',
    ]);
    expect(deployDiff([dep('g-carb', 0.1, -1, 5)], [], [], []).lines).toEqual([
      '* g-carb α 0.1 stratum all: λ infeasible → absent (a: n 5, no held-out estimate; b: n –, no held-out estimate)',
    ]);
  });
});

describe('readFingerprint', () => {
  it('refuses a fingerprint whose first-stop indices do not match its episodes, naming the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-fp-'));
    const file = join(dir, 'fingerprint.json');
    writeFileSync(
      file,
      JSON.stringify({ carbFingerprint: 1, grid: 102, by: null, strata: null, steps: [2, 3], runsFrom: { 'g-carb': [5] }, tools: null }),
    );
    expect(() => readFingerprint(file)).toThrow(`${file}: /runsFrom/g-carb: expected 2 grid indices in 0 … 102, found`);
    writeFileSync(
      file,
      JSON.stringify({ carbFingerprint: 1, grid: 102, by: null, strata: null, steps: [2], runsFrom: { 'g-carb': [102] }, tools: { a: 1 } }),
    );
    expect(readFingerprint(file).runsFrom['g-carb']).toEqual([102]);
  });

  it('refuses a fingerprint of the wrong shape, one line per key (configs/schema/fingerprint.schema.json)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-fp-'));
    const file = join(dir, 'fingerprint.json');
    writeFileSync(
      file,
      JSON.stringify({ carbFingerprint: 1, grid: 0, by: 3, strata: null, steps: [2], runsFrom: { 'g-carb': [-1] }, tools: { a: 1.5 } }),
    );
    expect(() => readFingerprint(file)).toThrow(
      [
        `${file}: /grid: expected a positive grid size, found number 0`,
        `${file}: /by: expected null or a source field, found number 3`,
        `${file}: /runsFrom/g-carb/0: expected a number >= 0, found number -1`,
        `${file}: /tools/a: expected a call count (integer ≥ 0), found number 1.5`,
      ].join('\n'),
    );
    writeFileSync(file, '[]');
    expect(() => readFingerprint(file)).toThrow(`${file}: expected a carb calibration fingerprint (an object), found an array (length 0)`);
  });
});
