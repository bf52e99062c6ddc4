import { describe, expect, it } from 'vitest';
import type { SplitResult } from '@carb/calibrate';
import { splitsCsv } from '../src/index.ts';

const HEAD =
  'stratum,guarantee,method,alpha,alphaText,split,lambdaHat,lambdaIndex,loss,intervention,utility,stepRate,ctxSelected,ctxFull,harmStop,benignStop';

function split(extra: Partial<SplitResult> = {}): SplitResult {
  return {
    method: 'g-carb',
    alpha: 0.05,
    alphaText: '.05',
    split: 3,
    lambdaIndex: 45,
    lambdaHat: 0.44,
    loss: 1 / 3,
    intervention: 0.5,
    utility: 0.17,
    stepRate: 0.01,
    ctxSelected: 10,
    ctxFull: 20,
    harmStop: null,
    benignStop: 0.25,
    ...extra,
  };
}

describe('splitsCsv', () => {
  it('one row per split, numbers to 6 decimals, empty for null, "all"/"expectation" when the run has no strata or guarantee', () => {
    expect(splitsCsv([split()])).toBe(`${HEAD}\nall,expectation,g-carb,0.05,.05,3,0.44,45,0.333333,0.5,0.17,0.01,10,20,,0.25\n`);
  });

  it('quotes a stratum holding a comma, a quote, CR or LF (RFC 4180: a CR left bare ends the row for some readers)', () => {
    const rows = splitsCsv([split({ stratum: 'a\rb' }), split({ stratum: 'c,"d"' })]).split('\n');
    expect(rows[1]).toBe('"a\rb",expectation,g-carb,0.05,.05,3,0.44,45,0.333333,0.5,0.17,0.01,10,20,,0.25');
    expect(rows[2]).toBe('"c,""d""",expectation,g-carb,0.05,.05,3,0.44,45,0.333333,0.5,0.17,0.01,10,20,,0.25');
  });
});
