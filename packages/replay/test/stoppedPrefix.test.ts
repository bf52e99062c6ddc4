import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stoppedPrefixLengths } from '../src/stoppedPrefix.ts';

describe('stoppedPrefixLengths', () => {
  it('reads every grid index off the running maximum', () => {
    // allowFrom: step 0 allowed from g=3, step 1 from g=1, step 2 from g=5; G = 7
    expect(Array.from(stoppedPrefixLengths(Int32Array.from([3, 1, 5]), 7))).toEqual([0, 0, 0, 2, 2, 3, 3]);
  });
  it('empty episode executes nothing at every threshold', () => {
    expect(Array.from(stoppedPrefixLengths(new Int32Array(0), 4))).toEqual([0, 0, 0, 0]);
  });
  it('equals the literal stop-before-first-exceeding rule', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 25 }), fc.integer({ min: 1, max: 12 }), (allow, G) => {
        const got = stoppedPrefixLengths(Int32Array.from(allow), G);
        for (let g = 0; g < G; g++) {
          let p = 0;
          while (p < allow.length && allow[p]! <= g) p++;
          expect(got[g]).toBe(p);
        }
      }),
      { seed: 20261201 },
    );
  });
});
