import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../src/index.ts';

describe('wilsonInterval', () => {
  // Newcombe (1998), Statistics in Medicine 17:857–872, Table I, method 3 (Wilson score, no continuity correction)
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i → [%f, %f] as published', (k, n, low, high) => {
    const ci = wilsonInterval(k, n)!;
    expect(ci.low).toBeCloseTo(low, 4);
    expect(ci.high).toBeCloseTo(high, 4);
  });
  it('no trials: no interval', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});
