import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '@carb/suites';
import type { MethodName } from '@carb/calibrate';
import { conditionsCsv, table10, table9, type ConditionResult, type ConditionSummary, type MeanSe } from '../src/index.ts';

const ms = (mean: number, se = 0): MeanSe => ({ mean, se });

function summary(
  method: MethodName,
  loss: number,
  harmStop: number | null,
  benignStop: number | null,
  ctxRed: number | null,
  path: [number, number] | null = null,
): ConditionSummary {
  return {
    method,
    splits: 20,
    loss: ms(loss, 0.001),
    intervention: ms(0.4),
    utility: ms(0.6),
    harmStop: harmStop === null ? null : ms(harmStop),
    benignStop: benignStop === null ? null : ms(benignStop),
    ctxRed: ctxRed === null ? null : ms(ctxRed),
    pathRecall: path ? ms(path[0]) : null,
    falsePath: path ? ms(path[1]) : null,
  };
}

function result(name: string, family: string, gcarb: ConditionSummary): ConditionResult {
  return {
    name,
    family,
    hash: name,
    suite: 'graph-braid',
    cohort: null,
    seed: 0,
    params: DEFAULT_PARAMS,
    episodes: 2000,
    harmful: 800,
    summaries: [summary('no-guard', 0.4, 0, 0, null), gcarb],
    rows: [],
  };
}

// deliberately out of the paper's family order, with the extrema spread over different conditions
const results = [
  result('noise-a', 'score-noise', summary('g-carb', 0.097, 0.8, 0.01, 0.469)),
  result('base', 'baseline', summary('g-carb', 0, 1, 0, 0.471)),
  result('prev-a', 'prevalence', summary('g-carb', 0.054, 0.95, 0, 0.472)),
  result('noise-b', 'score-noise', summary('g-carb', 0.05, 0.765, 0.03, 0.472)),
  result('prev-b', 'prevalence', summary('g-carb', 0.02, 0.4, 0, 0.471)),
  result('noise-c', 'score-noise', summary('g-carb', 0.06, 0.9, 0.02, 0.47)),
];

describe('table10', () => {
  it("gives, per family in the paper order, the extrema of the primary method's per-condition means (worked by hand)", () => {
    expect(table10(results, 'g-carb')).toEqual([
      { family: 'baseline', conditions: 1, maxMeanLoss: 0, minHarmStop: 1, maxBenignStop: 0, ctxRedMin: 0.471, ctxRedMax: 0.471 },
      { family: 'prevalence', conditions: 2, maxMeanLoss: 0.054, minHarmStop: 0.4, maxBenignStop: 0, ctxRedMin: 0.471, ctxRedMax: 0.472 },
      {
        family: 'score-noise',
        conditions: 3,
        maxMeanLoss: 0.097,
        minHarmStop: 0.765,
        maxBenignStop: 0.03,
        ctxRedMin: 0.469,
        ctxRedMax: 0.472,
      },
    ]);
  });

  it('refuses a condition where the primary method was not run, naming it', () => {
    expect(() => table10(results, 'full-prefix')).toThrow('condition base has no full-prefix results (it ran no-guard, g-carb)');
  });
});

describe('table9', () => {
  it("keys the cells by family with the primary method's means", () => {
    const cells = [
      result('prov+text+', 'prov+text+', summary('g-carb', 0, 1, 0, 0.346, [1, 0])),
      result('prov-text-', 'prov-text-', summary('g-carb', 0.5, 0, 0, 0.846, [0, 0])),
    ];
    expect(table9(cells, 'g-carb')).toEqual({
      'prov+text+': { meanLoss: 0, pathRecall: 1, falsePath: 0, ctxRed: 0.346 },
      'prov-text-': { meanLoss: 0.5, pathRecall: 0, falsePath: 0, ctxRed: 0.846 },
    });
  });

  it('refuses a cell whose path recall was not measured', () => {
    expect(() => table9([results[0]!], 'g-carb')).toThrow('condition noise-a: g-carb has no pathRecall');
  });
});

describe('conditionsCsv', () => {
  it('one row per condition × method, mean and SE at 6 decimals, empty where not measured', () => {
    const lines = conditionsCsv([results[0]!]).split('\n');
    expect(lines[0]).toBe(
      'condition,family,method,splits,episodes,harmful,loss_mean,loss_se,intervention_mean,intervention_se,utility_mean,utility_se,harmStop_mean,harmStop_se,benignStop_mean,benignStop_se,ctxRed_mean,ctxRed_se,pathRecall_mean,pathRecall_se,falsePath_mean,falsePath_se',
    );
    expect(lines[1]).toBe(
      'noise-a,score-noise,no-guard,20,2000,800,0.400000,0.001000,0.400000,0.000000,0.600000,0.000000,0.000000,0.000000,0.000000,0.000000,,,,,,',
    );
    expect(lines[2]).toBe(
      'noise-a,score-noise,g-carb,20,2000,800,0.097000,0.001000,0.400000,0.000000,0.600000,0.000000,0.800000,0.000000,0.010000,0.000000,0.469000,0.000000,,,,',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('quotes a condition name holding a comma', () => {
    const csv = conditionsCsv([result('a,b', 'x"y', summary('g-carb', 0, 1, 0, 0.5))]);
    expect(csv.split('\n')[1]!.startsWith('"a,b","x""y",no-guard,')).toBe(true);
  });
});
