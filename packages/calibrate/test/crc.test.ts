import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTable } from './helpers/tableBuilder.ts';
import {
  envelopeStepLosses,
  sumsFitDouble,
  calibrationSums,
  crcBudget,
  crcThreshold,
  crcThresholds,
  denseCrcThreshold,
  denseUnits,
  parseBudget,
  stepLossesFromDense,
} from '../src/index.ts';
import { crcThresholdRuns } from '../src/crcThreshold.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);
const all = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

/** λ̂ by the histogram path. */
function fastIndex(units: ArrayLike<number>, n: number, G: number, D: number, alpha: string, cal = all(n)): number {
  const losses = stepLossesFromDense(units, n, G, D, ids(n));
  return crcThreshold(calibrationSums(losses, cal), crcBudget(parseBudget(alpha), cal.length, losses.denominator));
}

/** Dense matrix where episode e's loss turns 1 at firstLoss[e] (G = never). */
function binaryMatrix(firstLoss: number[], G: number): Uint8Array {
  const m = new Uint8Array(firstLoss.length * G);
  firstLoss.forEach((f, e) => {
    for (let g = f; g < G; g++) m[e * G + g] = 1;
  });
  return m;
}

describe('parseBudget', () => {
  it('parses decimals and fractions exactly, reduced', () => {
    expect(parseBudget('.05')).toMatchObject({ num: 1n, den: 20n });
    expect(parseBudget('0.10')).toMatchObject({ num: 1n, den: 10n });
    expect(parseBudget('.025')).toMatchObject({ num: 1n, den: 40n });
    expect(parseBudget('1')).toMatchObject({ num: 1n, den: 1n });
    expect(parseBudget('1/493')).toMatchObject({ num: 1n, den: 493n });
    expect(() => parseBudget('1.5')).toThrow(/\[0, 1\]/);
    expect(() => parseBudget('abc')).toThrow(/alpha "abc"/);
  });
});

describe('crcThreshold (Eq. 1)', () => {
  it('the tie n+1 = 200, α = .05 is feasible: (1 + 9)/200 equals α exactly', () => {
    const G = 5;
    // 199 calibration episodes; 9 lose from g = 2, one more from g = 3, the rest never
    const first = Array.from({ length: 199 }, (_, e) => (e < 9 ? 2 : e === 9 ? 3 : G));
    expect(fastIndex(binaryMatrix(first, G), 199, G, 1, '.05')).toBe(2);
    expect(fastIndex(binaryMatrix(first, G), 199, G, 1, '.049')).toBe(1);
  });

  it('graded losses in fifths are exact where a float sum drifts past the budget', () => {
    const G = 4;
    // 19 episodes (n+1 = 20), α = .2 → feasible iff ΣL ≤ 3; fifteen episodes reach 1/5 at g = 2
    const units = new Uint8Array(19 * G);
    for (let e = 0; e < 15; e++) for (let g = 2; g < G; g++) units[e * G + g] = 1;
    for (let g = 3; g < G; g++) units[15 * G + g] = 1;
    let float = 0;
    for (let e = 0; e < 15; e++) float += 0.2;
    expect(float <= 0.2 * 20 - 1).toBe(false); // the naive float test would reject g = 2
    expect(fastIndex(units, 19, G, 5, '.2')).toBe(2);
  });

  it('α < 1/(n+1) is infeasible (−1); α = 1/(n+1) selects λ⊥ when every loss at index 1 is positive', () => {
    const G = 6;
    const n = 9;
    const m = binaryMatrix(new Array<number>(n).fill(1), G);
    expect(fastIndex(m, n, G, 1, '.09')).toBe(-1);
    expect(fastIndex(m, n, G, 1, '1/10')).toBe(0);
    expect(fastIndex(m, n, G, 1, '.1')).toBe(0);
    // every grid point above λ⊥ has (1 + 9)/10 = 1: only α = 1 admits it
    expect(fastIndex(m, n, G, 1, '.99')).toBe(0);
    expect(fastIndex(m, n, G, 1, '1')).toBe(G - 1);
  });

  it('refuses a decreasing loss vector, naming the episode', () => {
    const G = 4;
    const m = new Uint8Array([0, 0, 1, 1, 0, 1, 0, 1]);
    expect(() => stepLossesFromDense(m, 2, G, 1, ['ok', 'bad-episode'])).toThrow(
      /episode bad-episode: loss decreases from 1\/1 at grid index 1 to 0\/1 at 2/,
    );
    expect(() => stepLossesFromDense(new Uint8Array([1, 1]), 1, 2, 1, ['x'])).toThrow(/episode x: loss at λ⊥/);
  });

  it('histogram λ̂ equals the dense reference on random monotone matrices (binary and graded)', () => {
    const arb = fc.record({
      n: fc.integer({ min: 1, max: 40 }),
      G: fc.integer({ min: 2, max: 12 }),
      D: fc.constantFrom(1, 2, 5, 7),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      alpha: fc.oneof(
        fc.integer({ min: 0, max: 1000 }).map((k) => (k / 1000).toFixed(3).replace(/^0/, '')),
        fc
          .tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 60 }))
          .filter(([a, b]) => a <= b)
          .map(([a, b]) => `${a}/${b}`),
      ),
      calFrac: fc.double({ min: 0.1, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(arb, ({ n, G, D, seed, alpha, calFrac }) => {
        let s = seed;
        const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
        const units = new Float64Array(n * G);
        for (let e = 0; e < n; e++) {
          let v = 0;
          for (let g = 1; g < G; g++) {
            if (rnd() < 0.3) v = Math.min(D, v + 1 + Math.floor(rnd() * D));
            units[e * G + g] = v;
          }
        }
        const cal = Int32Array.from(Array.from({ length: n }, (_, i) => i).filter(() => rnd() < calFrac));
        if (!cal.length) return;
        const losses = stepLossesFromDense(units, n, G, D, ids(n));
        expect(denseUnits(losses)).toEqual(units);
        const fast = crcThreshold(calibrationSums(losses, cal), crcBudget(parseBudget(alpha), cal.length, BigInt(D)));
        expect(fast).toBe(denseCrcThreshold(units, G, cal, BigInt(D), parseBudget(alpha)));
      }),
      { numRuns: 400, seed: 20261201 },
    );
  });

  it('α = 1/(n+1) is feasible exactly at λ⊥ whenever every loss at index 1 is positive (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 2, max: 10 }), (n, G) => {
        const units = binaryMatrix(new Array<number>(n).fill(1), G);
        expect(fastIndex(units, n, G, 1, `1/${n + 1}`)).toBe(0);
        expect(fastIndex(units, n, G, 1, `1/${n + 2}`)).toBe(-1);
      }),
      { seed: 20261201 },
    );
  });

  it('mean held-out loss over many random splits stays ≤ α up to Monte-Carlo error (Corollary 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.constantFrom('.05', '.1', '.2'), (seed, alpha) => {
        let s = seed + 1;
        const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
        const n = 200;
        const G = 30;
        const first = Array.from({ length: n }, () => (rnd() < 0.6 ? 1 + Math.floor(rnd() * (G - 1)) : G));
        const units = binaryMatrix(first, G);
        const losses = stepLossesFromDense(units, n, G, 1, ids(n));
        const splits = 300;
        let total = 0;
        const perm = Array.from({ length: n }, (_, i) => i);
        for (let k = 0; k < splits; k++) {
          for (let i = n - 1; i > 0; i--) {
            const j = Math.floor(rnd() * (i + 1));
            [perm[i], perm[j]] = [perm[j]!, perm[i]!];
          }
          const cal = Int32Array.from(perm.slice(0, 100));
          const g = crcThreshold(calibrationSums(losses, cal), crcBudget(parseBudget(alpha), 100, 1n));
          let held = 0;
          for (const e of perm.slice(100)) held += units[e * G + Math.max(0, g)]!;
          total += held / 100;
        }
        // held-out means over 300 splits: allow 0.02 for assignment noise (their sd is far below it)
        expect(total / splits).toBeLessThanOrEqual(Number(alpha) + 0.02);
      }),
      { numRuns: 15, seed: 20261201 },
    );
  });

  it('falls back to bigint sums when they exceed 2^53, still equal to the dense reference', () => {
    const G = 4;
    const D = 2 ** 52;
    const units = new Float64Array([0, 0, D / 2, D, 0, D / 2, D / 2, D, 0, 0, 0, D, 0, D, D, D]);
    const losses = stepLossesFromDense(units, 4, G, D, ids(4));
    expect(sumsFitDouble(losses, 4)).toBe(false);
    const cal = all(4);
    const sums = calibrationSums(losses, cal);
    expect(Array.isArray(sums)).toBe(true);
    for (const a of ['.3', '.4', '.5', '.6', '.9', '1']) {
      expect(crcThreshold(sums, crcBudget(parseBudget(a), 4, BigInt(D)))).toBe(denseCrcThreshold(units, G, cal, BigInt(D), parseBudget(a)));
    }
  });

  it('executed-step envelope with step rates 1/1 … 1/45 (lcm > 2^53): exact boundary (1 + H_45)/46 ≈ .1172815', () => {
    const eps = Array.from({ length: 45 }, (_, i) => ({
      id: `r${i + 1}`,
      allowFrom: Array(i + 1).fill(1),
      firstStep: { privacy_flow: i },
    }));
    const table = buildTable('current', eps, { bottom: -1, denominator: 3 });
    const env = envelopeStepLosses(table);
    expect(env.denominator > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const sums = calibrationSums(env, all(45));
    // python3: float((1 + sum(Fraction(1, k) for k in range(1, 46))) / 46) = 0.11728148077285483
    expect(crcThreshold(sums, crcBudget(parseBudget('.1172814'), 45, env.denominator))).toBe(0);
    expect(crcThreshold(sums, crcBudget(parseBudget('.1172815'), 45, env.denominator))).toBe(4);
  });
});

describe('crcThresholds (every budget of a split at once)', () => {
  it('returns the largest g with S(g) ≤ B per budget, −1 when none or B < 0 (hand-computed)', () => {
    // S = [0, 0, 2, 2, 5, 9]: B = 0 → 1, 1 → 1, 2 → 3, 4 → 3, 5 → 4, 100 → 5, −1 → −1
    const sums = Float64Array.of(0, 0, 2, 2, 5, 9);
    expect(crcThresholds(sums, [0, 1, 2, 4, 5, 100, -1])).toEqual([1, 1, 3, 3, 4, 5, -1]);
    expect(crcThresholds([0n, 0n, 2n, 2n, 5n, 9n], [0n, 1n, 2n, 4n, 5n, 100n, -1n])).toEqual([1, 1, 3, 3, 4, 5, -1]);
    // a bigint budget on double sums is clipped like crcThreshold's
    expect(crcThresholds(sums, [2n ** 60n])).toEqual([5]);
    // sums that dip (not produced by calibration, but the scan does not assume monotone sums): S(4) = 1 ≤ 1
    expect(crcThresholds(Float64Array.of(3, 0, 4, 7, 1, 8), [0, 1, 3, 6])).toEqual([1, 4, 4, 4]);
    // nothing fits
    expect(crcThresholds(Float64Array.of(2, 3), [1])).toEqual([-1]);
  });
  it('agrees with a brute-force search on random sums and budgets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(20), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: -2, max: 25 }), { maxLength: 20 }),
        (s, bs) => {
          const brute = (b: number) => {
            if (b < 0) return -1;
            let best = -1;
            s.forEach((v, g) => {
              if (v <= b) best = g;
            });
            return best;
          };
          expect(crcThresholds(Float64Array.from(s), bs)).toEqual(bs.map(brute));
          expect(crcThresholds(s.map(BigInt), bs.map(BigInt))).toEqual(bs.map(brute));
          // ascending budgets (the frontier's) take the galloping path
          const up = [...bs].sort((x, y) => x - y);
          expect(crcThresholds(Float64Array.from(s), up)).toEqual(up.map(brute));
        },
      ),
    );
  });
});

/** crcThresholdRuns expanded back to one λ̂ per budget, after checking the runs' form. */
function expandedRuns(sums: Float64Array, budgets: readonly number[]): number[] {
  const start = new Int32Array(budgets.length);
  const index = new Int32Array(budgets.length);
  const count = crcThresholdRuns(sums, Float64Array.from(budgets), start, index);
  if (budgets.length > 0) expect(start[0]).toBe(0);
  for (let k = 1; k < count; k++) {
    expect(start[k]).toBeGreaterThan(start[k - 1]!);
    expect(index[k]).not.toBe(index[k - 1]);
  }
  return budgets.map((_, a) => {
    let k = count - 1;
    while (start[k]! > a) k--;
    return index[k]!;
  });
}

describe('crcThresholdRuns (ascending budgets as runs of equal λ̂)', () => {
  it('gives runs whose first budgets and λ̂ are hand-computed', () => {
    // S = [0, 0, 2, 2, 5, 9]: B = −1, −1 → −1; 0, 1 → 1; 2, 4 → 3; 5 → 4; 100 → 5 (then saturated)
    const start = new Int32Array(9);
    const index = new Int32Array(9);
    const count = crcThresholdRuns(Float64Array.of(0, 0, 2, 2, 5, 9), Float64Array.of(-1, -1, 0, 1, 2, 4, 5, 100, 200), start, index);
    expect([count, [...start.subarray(0, count)], [...index.subarray(0, count)]]).toEqual([5, [0, 2, 4, 6, 7], [-1, 1, 3, 4, 5]]);
    // a budget ≥ 0 that selects nothing joins the infeasible run: S = [2, 3], B = −1, 1, 2
    expect(expandedRuns(Float64Array.of(2, 3), [-1, 1, 2])).toEqual([-1, -1, 0]);
    // no grid, no budgets
    expect(expandedRuns(new Float64Array(0), [-1, 0, 5])).toEqual([-1, -1, -1]);
    expect(expandedRuns(Float64Array.of(1), [])).toEqual([]);
  });
  it('selects, budget by budget, what crcThresholds does on random sums (dips included) and ascending budgets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(20), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: -2, max: 25 }), { maxLength: 40 }),
        (s, bs) => {
          const up = [...bs].sort((x, y) => x - y);
          const sums = Float64Array.from(s);
          expect(expandedRuns(sums, up)).toEqual(crcThresholds(sums, up));
        },
      ),
    );
  });
});
