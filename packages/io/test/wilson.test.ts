import { describe, expect, it } from 'vitest';
import { Z95, wilsonInterval } from '../src/index.ts';

describe('wilsonInterval', () => {
  it('Z95 is the 0.975 quantile of the standard normal', () => {
    expect(Z95).toBe(1.959963984540054);
  });

  // Newcombe (1998), Statistics in Medicine 17:857–872, Table I, method 3 (Wilson score, no continuity correction)
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i → [%f, %f] as published', (k, n, low, high) => {
    const [lo, hi] = wilsonInterval(k, n);
    expect(lo).toBeCloseTo(low, 4);
    expect(hi).toBeCloseTo(high, 4);
  });

  it('reproduces the LatentRiskBench §4.3 intervals to two decimals', () => {
    expect(wilsonInterval(9, 100).map((x) => x.toFixed(2))).toEqual(['0.05', '0.16']);
    expect(wilsonInterval(96, 100).map((x) => x.toFixed(2))).toEqual(['0.90', '0.98']);
  });

  it('with z = 2, by hand: 1/2 → 1/2 ± (2/3)·√(3/8); 0/4 → [0, 1/2]', () => {
    // centre (1/2 + 4/4) / (1 + 4/2) = 1/2; half (2/3)·√(1/8 + 4/16)
    const [lo, hi] = wilsonInterval(1, 2, 2);
    expect(lo).toBeCloseTo(0.5 - (2 / 3) * Math.sqrt(3 / 8), 14);
    expect(hi).toBeCloseTo(0.5 + (2 / 3) * Math.sqrt(3 / 8), 14);
    // centre (4/8) / 2 = 1/4, half (2/2)·√(4/64) = 1/4
    expect(wilsonInterval(0, 4, 2)).toEqual([0, 0.5]);
  });

  it('0/n and n/n end exactly at 0 and 1 (the formula alone gives 2.8e-17 at 0/7 and 1 − 2^-53 at 10/10)', () => {
    expect(wilsonInterval(0, 7)[0]).toBe(0);
    expect(wilsonInterval(10, 10)[1]).toBe(1);
  });

  it('no trials: the whole [0, 1]', () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('refuses impossible counts', () => {
    expect(() => wilsonInterval(11, 10)).toThrow('wilsonInterval: expected integers 0 ≤ successes ≤ n, found 11/10');
    expect(() => wilsonInterval(-1, 10)).toThrow(/0 ≤ successes ≤ n/);
    expect(() => wilsonInterval(0.5, 10)).toThrow(/0 ≤ successes ≤ n/);
  });
});
