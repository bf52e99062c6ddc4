import { describe, expect, it } from 'vitest';
import { defaultPipelinePath, exactWeights, firstAllowingIndex, formatScore, loadPipeline, type ScorerWeights } from '@carb/pipeline';
import { FEATURE_ORDER, weightedScore, type ScorerFeatures } from '../src/index.ts';

// g-carb App. B.3, Table 1, in hundredths, Table 1 row order.
const TABLE1_HUNDREDTHS = [5, 9, 25, 35, 24, 12, 10, 14, 14, 52, 16, 20, 7];

const pipeline = loadPipeline(defaultPipelinePath());
const { grid } = pipeline;
const weights = pipeline.scorer.weights;

const subset = (mask: number): ScorerFeatures => Object.fromEntries(FEATURE_ORDER.map((k, i) => [k, (mask >> i) & 1])) as ScorerFeatures;

/** Smallest g ≥ 1 with S/100 ≤ (g − 1)/d, i.e. S·d ≤ (g − 1)·100, by counting up in integers. */
function integerIndex(mask: number): number {
  let s = 0;
  TABLE1_HUNDREDTHS.forEach((w, i) => {
    if ((mask >> i) & 1) s += w;
  });
  s = Math.min(100, Math.max(0, s));
  let g = 1;
  while (s * grid.denominator > (g - 1) * 100) g++;
  return g;
}

/** What carb did before exact scores: float sum in Table 1 order, float comparison with (g − 1)/d. */
function floatIndex(mask: number, w: ScorerWeights): number {
  let q = 0;
  FEATURE_ORDER.forEach((k, i) => {
    if ((mask >> i) & 1) q += w[k];
  });
  q = q < 0 ? 0 : q > 1 ? 1 : q;
  let g = 1;
  while (q > (g - 1) / grid.denominator) g++;
  return g;
}

describe('Table 1 scores against the grid, all 2^13 feature subsets', () => {
  it('the shipped weights are Table 1 exactly, over a common denominator of 100', () => {
    const exact = exactWeights(weights);
    expect(exact.denominator).toBe(100);
    expect(FEATURE_ORDER.map((k) => exact.units[k])).toEqual(TABLE1_HUNDREDTHS);
    expect(grid).toEqual({ bottom: -1, denominator: 100 });
  });

  it('every subset: grid index = the integer computation, and the score prints as its exact decimal', () => {
    const wrong: string[] = [];
    for (let mask = 0; mask < 1 << 13; mask++) {
      const q = weightedScore(subset(mask), weights);
      const g = integerIndex(mask);
      if (firstAllowingIndex(grid, q) !== g) wrong.push(`subset ${mask}: index ${firstAllowingIndex(grid, q)}, expected ${g}`);
      // with d = 100 the exact score is (g − 1)/100 on the nose
      const decimal = String((g - 1) / 100);
      if (formatScore(q) !== decimal) wrong.push(`subset ${mask}: score ${formatScore(q)}, expected ${decimal}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the float sum the issue describes lands one grid point high on 440 subsets with the intercept (738 of all 8,192)', () => {
    let all = 0;
    let withIntercept = 0;
    for (let mask = 0; mask < 1 << 13; mask++) {
      const f = floatIndex(mask, weights);
      if (f === integerIndex(mask)) continue;
      expect(f, `subset ${mask}`).toBe(integerIndex(mask) + 1);
      all++;
      if (mask & 1) withIntercept++;
    }
    expect([withIntercept, all]).toEqual([440, 738]);
    // the example: .05 + .25 + .24 + .07 (intercept, external sink, irreversible, risky)
    const example = 1 | (1 << 2) | (1 << 4) | (1 << 12);
    expect([floatIndex(example, weights), integerIndex(example)]).toEqual([63, 62]);
    expect(formatScore(weightedScore(subset(example), weights))).toBe('0.61');
  });
});
