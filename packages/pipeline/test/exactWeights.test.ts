import { describe, expect, it } from 'vitest';
import { SCORER_FEATURES, exactWeights, formatScore, exactScore, doubleScore, type ScorerWeights } from '../src/index.ts';

const base = (): ScorerWeights => Object.fromEntries(SCORER_FEATURES.map((k) => [k, 0])) as unknown as ScorerWeights;
const withWeights = (w: Partial<Record<keyof ScorerWeights, unknown>>): ScorerWeights => ({ ...base(), ...w }) as ScorerWeights;

describe('exactWeights', () => {
  it('puts every weight over the largest decimal scale: .5, .125, −2, 3 → 500, 125, −2000, 3000 over 1000', () => {
    const e = exactWeights(withWeights({ intercept: 0.5, currentRisky: 0.125, canaryInArgs: -2, earlierCanary: 3 }));
    expect(e.denominator).toBe(1000);
    expect([e.units.intercept, e.units.currentRisky, e.units.canaryInArgs, e.units.earlierCanary, e.units.currentFinancial]).toEqual([
      500, 125, -2000, 3000, 0,
    ]);
  });

  it('reads exponent notation and up to 9 places (1e-7 → 1/10⁷, 5e-9)', () => {
    expect(exactWeights(withWeights({ intercept: 1e-7 }))).toMatchObject({ denominator: 1e7, units: { intercept: 1 } });
    expect(exactWeights(withWeights({ intercept: 1e-7, currentRisky: 5e-9 }))).toMatchObject({
      denominator: 1e9,
      units: { intercept: 100, currentRisky: 5 },
    });
    expect(() => exactWeights(withWeights({ currentRisky: 2.5e-9 }))).toThrow(
      '/scorer/weights/currentRisky: expected a decimal with at most 9 places, found 2.5e-9',
    );
    expect(exactWeights(withWeights({ intercept: 123, currentRisky: 2e3 }))).toMatchObject({
      denominator: 1,
      units: { intercept: 123, currentRisky: 2000 },
    });
  });

  it('refuses a weight that is not an exact short decimal, naming the key', () => {
    expect(() => exactWeights(withWeights({ earlierCanary: 0.1 + 0.2 }))).toThrow(
      /^\/scorer\/weights\/earlierCanary: expected a decimal with at most 9 places, found 0\.30000000000000004$/,
    );
    expect(() => exactWeights(withWeights({ currentRisky: 1e-10 }))).toThrow(
      '/scorer/weights/currentRisky: expected a decimal with at most 9 places, found 1e-10',
    );
  });

  it('refuses a missing, non-numeric or non-finite weight, naming the key', () => {
    expect(() => exactWeights(withWeights({ intercept: '0.05' }))).toThrow(
      '/scorer/weights/intercept: expected a finite number, found "0.05"',
    );
    expect(() => exactWeights(withWeights({ sourceReachesSink: Number.POSITIVE_INFINITY }))).toThrow(
      '/scorer/weights/sourceReachesSink: expected a finite number, found Infinity',
    );
    const missing = base() as unknown as Record<string, unknown>;
    delete missing.currentRisky;
    expect(() => exactWeights(missing as unknown as ScorerWeights)).toThrow(
      '/scorer/weights/currentRisky: expected a finite number, found undefined',
    );
  });

  it('refuses weights whose integer sum could leave the safe-integer range', () => {
    expect(() => exactWeights(withWeights({ intercept: 1e7, currentRisky: 1e-9 }))).toThrow(
      /^\/scorer\/weights\/intercept: expected weights whose sum of magnitudes is below 9007199\.25474099, found 10000000$/,
    );
    expect(() => exactWeights(withWeights({ intercept: 9e6, currentRisky: 1e-9 }))).not.toThrow();
  });

  it('is computed once per weights object', () => {
    const w = withWeights({ intercept: 0.05 });
    expect(exactWeights(w)).toBe(exactWeights(w));
  });
});

describe('formatScore', () => {
  it('prints an exact score with all its digits and no more', () => {
    expect(
      [exactScore(61, 100), exactScore(100, 100), exactScore(0, 100), exactScore(5, 1000), exactScore(120, 1000), exactScore(7, 1)].map(
        formatScore,
      ),
    ).toEqual(['0.61', '1', '0', '0.005', '0.12', '7']);
  });
  it('prints a double as its shortest round-trip form', () => {
    expect(formatScore(doubleScore(0.1 + 0.2))).toBe('0.30000000000000004');
  });
});
