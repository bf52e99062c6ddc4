import { describe, expect, it } from 'vitest';
import type { EpisodeLabels } from '@carb/episodes';
import { envelopeStepLosses, frontierAlphas, parseBudget, runProtocol, type Split } from '../src/index.ts';
import { buildTable, type SynthEpisode } from './helpers/tableBuilder.ts';

// Grid with d = 3: index 0 = λ⊥, 1 = 0, 2 = 1/3, 3 = 2/3, 4 = 1.
const grid = { bottom: -1, denominator: 3 };
const episodes: SynthEpisode[] = [
  { id: 'A', allowFrom: [1, 3, 1], firstStep: { privacy_flow: 1 }, completed: true },
  { id: 'B', allowFrom: [1, 1], completed: true },
  { id: 'C', allowFrom: [2, 4, 1, 1], firstStep: { privacy_flow: 2, financial: 3 }, completed: true, ctx: [1, 1, 2, 2] },
  { id: 'D', allowFrom: [1], completed: false },
];
const table = buildTable('graph', episodes, grid);
const splits: Split[] = [
  { index: 0, seed: 0, cal: Int32Array.of(0, 1), test: Int32Array.of(2, 3) },
  { index: 1, seed: 1, cal: Int32Array.of(2, 3), test: Int32Array.of(0, 1) },
];
const labels: EpisodeLabels[] = [
  { id: 'A', pair: 'p1', kind: 'leak', harmful: true, sinkStep: 1, benignBranchSteps: [] },
  { id: 'B', pair: 'p1', kind: 'public-send', harmful: false, sinkStep: null, benignBranchSteps: [] },
  { id: 'C', pair: 'p2', kind: 'leak', harmful: true, sinkStep: 3, benignBranchSteps: [] },
  { id: 'D', pair: 'p2', kind: 'public-send', harmful: false, sinkStep: null, benignBranchSteps: [] },
];

describe('runProtocol on a hand-computed 4-episode table', () => {
  const res = runProtocol({
    tables: { 'g-carb': table, 'no-guard': table, 'executed-step-crc': table },
    alphas: ['.5', '.3', '.4'].map(parseBudget),
    splits,
    labels,
    reference: 'no-guard',
  });
  const cell = (m: string, a: number) => res.summary.find((r) => r.method === m && r.alpha === a)!;
  const split = (m: string, a: number, k: number) => res.splitResults.find((r) => r.method === m && r.alpha === a && r.split === k)!;

  it('selects λ̂ per split by Eq. 1 and evaluates the test fold there', () => {
    // split 0: cal {A,B}, S = [0,0,0,1,1], α = .5 needs S ≤ .5 → index 2 (λ = 1/3)
    expect(split('g-carb', 0.5, 0)).toMatchObject({
      lambdaIndex: 2,
      lambdaHat: 1 / 3,
      loss: 0,
      intervention: 0.5,
      utility: 0,
      stepRate: 0,
      ctxSelected: 3,
      ctxFull: 4,
      harmStop: 1,
      benignStop: 0,
    });
    // split 1: cal {C,D}, S = [0,0,0,0,1] → index 3 (λ = 2/3); test A executes its leak
    expect(split('g-carb', 0.5, 1)).toMatchObject({
      lambdaIndex: 3,
      lambdaHat: 2 / 3,
      loss: 0.5,
      intervention: 0,
      utility: 1,
      stepRate: 1 / 6,
      ctxSelected: 9,
      ctxFull: 9,
      harmStop: 0,
      benignStop: 0,
    });
  });

  it('α < 1/(n+1) is counted infeasible and evaluated at stop-all, not dropped', () => {
    expect(split('g-carb', 0.3, 0)).toMatchObject({
      lambdaIndex: -1,
      lambdaHat: null,
      loss: 0,
      intervention: 1,
      utility: 0,
      ctxSelected: 2,
      ctxFull: 2,
    });
    expect(cell('g-carb', 0.3)).toMatchObject({
      splits: 2,
      feasible: 0,
      meanLoss: 0,
      intervention: 1,
      utility: 0,
      ctxRed: 0,
      harmStop: 1,
      benignStop: 1,
      lambdaMin: null,
      lambdaMedian: null,
      lambdaMax: null,
    });
  });

  it('summarizes means, R-7 percentiles, CtxRed over splits and λ̂ range', () => {
    const c = cell('g-carb', 0.5);
    expect(c).toMatchObject({ splits: 2, feasible: 2, meanLoss: 0.25, intervention: 0.25, utility: 0.5, harmStop: 0.5, benignStop: 0 });
    expect(c.lossP5).toBeCloseTo(0.025, 12);
    expect(c.lossP95).toBeCloseTo(0.475, 12);
    expect(c.stepRate).toBeCloseTo(1 / 12, 12);
    expect(c.ctxRed).toBeCloseTo(0.125, 12); // split 0: 1 − 3/4, split 1: 1 − 9/9
    expect([c.lambdaMin, c.lambdaMedian, c.lambdaMax]).toEqual([1 / 3, 0.5, 2 / 3]);
  });

  it('no guard runs at λ = 1 uncalibrated', () => {
    expect(cell('no-guard', 0.5)).toMatchObject({
      meanLoss: 0.5,
      intervention: 0,
      utility: 0.75,
      ctxRed: null,
      lambdaMin: null,
      harmStop: 0,
    });
  });

  it('executed-step CRC calibrates the exact envelope r̃ (lcm 12) and reports raw r', () => {
    const env = envelopeStepLosses(table);
    expect(env.denominator).toBe(12n);
    expect(Array.from(env.at)).toEqual([3, 4]);
    expect(env.classUnits).toEqual([4n, 3n]);
    // α = .5: (1 + 1/3)/3 ≤ .5 → λ = 1 on both splits, so its episode loss equals no guard's
    expect(split('executed-step-crc', 0.5, 0)).toMatchObject({ lambdaIndex: 4, loss: 0.5, stepRate: 1 / 8 });
    expect(cell('executed-step-crc', 0.5).meanLoss).toBe(0.5);
    // α = .4: (1 + 1/3)/3 = .444 > .4 → index 2 on split 0; split 1: (1 + 1/4)/3 = .4167 > .4 → index 3
    expect(split('executed-step-crc', 0.4, 0).lambdaIndex).toBe(2);
    expect(split('executed-step-crc', 0.4, 1).lambdaIndex).toBe(3);
  });

  it('paired differences against the reference, per split', () => {
    const d = res.paired.find((p) => p.method === 'g-carb' && p.alpha === 0.5)!;
    expect(d).toMatchObject({ reference: 'no-guard', splits: 2, dLoss: -0.25, dIntervention: 0.25, dUtility: -0.25 });
    expect(d.dLossP5).toBeCloseTo(-0.475, 12);
    expect(d.dLossP95).toBeCloseTo(-0.025, 12);
  });

  it('splitRowAlphas lists split rows of those budgets only; summary and paired rows still cover every budget', () => {
    const only = runProtocol({
      tables: { 'g-carb': table, 'no-guard': table, 'executed-step-crc': table },
      alphas: ['.5', '.3', '.4'].map(parseBudget),
      splits,
      labels,
      reference: 'no-guard',
      splitRowAlphas: new Set(['.3']),
    });
    // 3 methods × 1 budget × 2 splits
    expect(only.splitResults.map((r) => [r.method, r.alphaText, r.split])).toEqual([
      ['no-guard', '.3', 0],
      ['no-guard', '.3', 1],
      ['executed-step-crc', '.3', 0],
      ['executed-step-crc', '.3', 1],
      ['g-carb', '.3', 0],
      ['g-carb', '.3', 1],
    ]);
    expect(only.summary).toHaveLength(9);
    expect(only.paired.find((p) => p.method === 'g-carb' && p.alpha === 0.5)).toMatchObject({
      splits: 2,
      dLoss: -0.25,
      dIntervention: 0.25,
      dUtility: -0.25,
    });
  });

  it('results come in method order (Table 3), then α as given, then split', () => {
    expect([...new Set(res.summary.map((r) => r.method))]).toEqual(['no-guard', 'executed-step-crc', 'g-carb']);
    expect(res.splitResults.slice(0, 4).map((r) => [r.alphaText, r.split])).toEqual([
      ['.5', 0],
      ['.5', 1],
      ['.3', 0],
      ['.3', 1],
    ]);
  });

  it('graph-braid benign stop: first rejection on a benign-branch step over all held-out trajectories', () => {
    const gb = labels.map((l) => ({ ...l, benignBranchSteps: l.id === 'D' ? [0] : [] }));
    const r = runProtocol({ tables: { 'g-carb': table }, alphas: [parseBudget('.3')], splits, labels: gb });
    // stop-all: split 0 stops C and D at step 0, D's step 0 is benign → 1/2; split 1 → 0
    expect(r.summary[0]!.benignStop).toBe(0.25);
  });

  it('refuses tables on different episodes', () => {
    const other = buildTable('full', [...episodes].reverse(), grid);
    expect(() => runProtocol({ tables: { 'g-carb': table, 'full-prefix': other }, alphas: [parseBudget('.1')], splits })).toThrow(
      /full-prefix episode 0 is D but g-carb has A|g-carb episode 0 is A but full-prefix has D/,
    );
  });

  it('a loss at λ⊥ is refused naming the episode (Theorem 1 needs an empty prefix there)', () => {
    const bad = buildTable('graph', episodes, grid);
    bad.unionLossFrom[1] = 0;
    expect(() => runProtocol({ tables: { 'g-carb': bad }, alphas: [parseBudget('.1')], splits })).toThrow(
      /graph \(union ledger\): episode B: loss at λ⊥/,
    );
    expect(() => runProtocol({ tables: { 'executed-step-crc': bad }, alphas: [parseBudget('.1')], splits })).toThrow(
      /graph: episode B: positive step rate at λ⊥/,
    );
  });
});

describe('frontierAlphas', () => {
  it('starts at the exact floor 1/(n+1) and steps by .005', () => {
    const a = frontierAlphas(492, '.005', '.05');
    expect(a[0]!.text).toBe('1/493');
    expect(a[0]).toMatchObject({ num: 1n, den: 493n });
    expect(a.slice(1, 4).map((b) => b.text)).toEqual(['.005', '.010', '.015']);
    expect(a.slice(1, 4).map((b) => `${b.num}/${b.den}`)).toEqual(['1/200', '1/100', '3/200']);
    expect(a.at(-1)!.text).toBe('.050');
    expect(frontierAlphas(99, '.005', '.02').map((b) => b.text)).toEqual(['1/100', '.015', '.020']);
  });
});
