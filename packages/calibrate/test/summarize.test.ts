import { describe, expect, it } from 'vitest';
import { pairedDiff, summarizeCell, type SplitResult } from '../src/index.ts';

/** A split row with the figures a test sets; the rest zero. */
function row(split: number, figures: Partial<SplitResult>): SplitResult {
  return {
    method: 'g-carb',
    alpha: 0.1,
    alphaText: '.10',
    split,
    lambdaIndex: 0,
    lambdaHat: 0,
    loss: 0,
    intervention: 0,
    utility: 0,
    stepRate: 0,
    ctxSelected: 0,
    ctxFull: 0,
    harmStop: null,
    benignStop: null,
    ...figures,
  };
}

describe('summarizeCell (Table 4 figures of one method at one α)', () => {
  const rows = [
    row(0, { loss: 0.1, lambdaIndex: 5, lambdaHat: 0.5, ctxSelected: 10, ctxFull: 20, stepRate: 0.2 }),
    row(1, { loss: 0.3, lambdaIndex: -1, lambdaHat: null, harmStop: 0.5, stepRate: 0.4 }),
    row(2, { loss: 0.2, lambdaIndex: 7, lambdaHat: 0.7, ctxSelected: 5, ctxFull: 10 }),
    row(3, { loss: 0.4, lambdaIndex: 6, lambdaHat: 0.6, ctxSelected: 8, ctxFull: 8, harmStop: 1 }),
  ];
  it('gives the means, R-7 p5 / p95, λ̂ range over feasible splits and CtxRed over splits with context, by hand', () => {
    const s = summarizeCell('g-carb', 0.1, rows, true);
    expect(s.splits).toBe(4);
    expect(s.feasible).toBe(3);
    expect(s.meanLoss).toBeCloseTo(0.25, 15);
    // sorted .1 .2 .3 .4: h = 3·.05 = .15 → .1 + .15·.1; h = 2.85 → .3 + .85·.1
    expect(s.lossP5).toBeCloseTo(0.115, 15);
    expect(s.lossP95).toBeCloseTo(0.385, 15);
    expect(s.stepRate).toBeCloseTo(0.15, 15);
    // splits 0, 2, 3 have context: 1 − 10/20, 1 − 5/10, 1 − 8/8
    expect(s.ctxRed).toBeCloseTo(1 / 3, 15);
    expect(s.harmStop).toBeCloseTo(0.75, 15);
    expect(s.benignStop).toBeNull();
    expect([s.lambdaMin, s.lambdaMedian, s.lambdaMax]).toEqual([0.5, 0.6, 0.7]);
  });
  it('has no CtxRed and no λ̂ range for a method that calibrates nothing', () => {
    const s = summarizeCell('no-guard', 0.1, rows, false);
    expect([s.ctxRed, s.lambdaMin, s.lambdaMedian, s.lambdaMax]).toEqual([null, null, null, null]);
  });

  it('selects the λ̂ median when λ̂ does not rise with the grid index (the count per index declines)', () => {
    // indices 1, 2, 3, 4 hold λ̂ .9, .1, .5, .3: sorted .1, .3, .5, .9, R-7 median (.3 + .5) / 2 as d3 interpolates
    const falling = [0.9, 0.1, 0.5, 0.3].map((lambdaHat, i) => row(i, { lambdaIndex: i + 1, lambdaHat }));
    expect(summarizeCell('g-carb', 0.1, falling, true).lambdaMedian).toBe(0.3 + (0.5 - 0.3) * 0.5);
  });
});

describe('pairedDiff (Table 6: method − reference per shared split)', () => {
  const ours = [row(0, { loss: 0.3 }), row(1, { loss: 0.5, utility: 1 }), row(2, { loss: 0.4 })];
  it('pairs rows by split index whatever the reference rows order', () => {
    const ref = [row(2, { loss: 0.3 }), row(0, { loss: 0.2 }), row(1, { loss: 0.1, utility: 0.5 })];
    const d = pairedDiff('g-carb', 'full-prefix', 0.1, ours, ref);
    // by split: .3 − .2, .5 − .1, .4 − .3 (paired by position instead: 0, .3, .3)
    expect(d.dLoss).toBeCloseTo(0.2, 15);
    expect(d.dLossP5).toBeCloseTo(0.1, 15);
    expect(d.dLossP95).toBeCloseTo(0.1 + 0.9 * 0.3, 15);
    expect(d.dUtilityP95).toBeCloseTo(0.9 * 0.5, 15);
  });
  it('refuses a split the reference lacks, naming it', () => {
    const ref = [row(0, { loss: 0.2 }), row(1, { loss: 0.3 })];
    expect(() => pairedDiff('g-carb', 'full-prefix', 0.1, ours, ref)).toThrow(
      'split 2 of g-carb has no full-prefix result; expected shared splits',
    );
  });
});
