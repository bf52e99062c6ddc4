import { describe, expect, it } from 'vitest';
import { seededRandom } from '@carb/io';
import { clopperPearson, conformalPValues, ksStatistic, permutationKsTest, simpleJumper, unseenTools } from '@carb/deploy';

describe('ksStatistic', () => {
  it('is n_a·n_b·sup|F_a − F_b| as an integer (hand-computed)', () => {
    // F_a at 0,1,2,3: 1/3, 2/3, 1, 1; F_b: 0, 0, 2/3, 1 → sup 2/3 → 3·3·2/3 = 6
    expect(ksStatistic([0, 1, 2], [2, 2, 3], 4)).toBe(6);
    expect(ksStatistic([4, 4], [4], 5)).toBe(0);
  });
});

describe('permutationKsTest', () => {
  it('p = (1 + #{D_b ≥ D}) / (1 + B): every relabelling of one vs one ties, so p = 1', () => {
    const r = permutationKsTest([0], [1], 2, 99, 's');
    expect(r).toEqual({ d: 1, p: 1, permutations: 99, atLeast: 99 });
    expect(permutationKsTest([3, 3], [3], 4, 0, 's').p).toBe(1);
  });
  it('two vs two separated: D = 1 in 2 of the 6 labellings, so about a third of the draws reach it', () => {
    const r = permutationKsTest([0, 0], [1, 1], 2, 3000, 'seed');
    expect(r.d).toBe(1);
    // Bin(3000, 1/3): mean 1000, sd 25.8; 4 sd either side
    expect(Math.abs(r.atLeast - 1000)).toBeLessThan(104);
    expect(r.p).toBe((1 + r.atLeast) / 3001);
    expect(permutationKsTest([0, 0], [1, 1], 2, 3000, 'seed')).toEqual(r);
  });
  it('refuses an empty sample', () => {
    expect(() => permutationKsTest([], [1], 2, 9, 's')).toThrow('expected two non-empty samples, found sizes 0 and 1');
  });
});

describe('conformalPValues', () => {
  it('compares each new value with the calibration and the new values before it (smoothed, two-sided)', () => {
    const rng = seededRandom('k');
    const t1 = rng();
    const t2 = rng();
    // 2 against {1,2,3}: one greater, one equal → (1 + θ·2)/4; then 5 against {1,2,3,2}: none → θ/5
    const p1 = (1 + 2 * t1) / 4;
    const p2 = t2 / 5;
    expect(conformalPValues([1, 2, 3], [2, 5], 'k')).toEqual([2 * Math.min(p1, 1 - p1), 2 * Math.min(p2, 1 - p2)]);
  });
});

describe('simpleJumper', () => {
  it("follows Vovk's recursion (hand-computed) and alarms at the first M ≥ 1/δ", () => {
    // step 1: capital 1/3 each, mixing keeps it; f = 1.4, 1, .6 → total 1
    // step 2: (.99·.46667 + .01/3)·1.4 + 1/3 + (.99·.2 + .01/3)·.6 = .651467 + .333333 + .1208 = 1.1056
    const r = simpleJumper([0.1, 0.1], 1 / 1.1);
    expect(r.values[0]).toBeCloseTo(1, 12);
    expect(r.values[1]).toBeCloseTo(1.1056, 12);
    expect(r.alarmAt).toBe(2);
    expect(r.max).toBeCloseTo(1.1056, 12);
    expect(simpleJumper([0.5, 0.5, 0.5], 0.01)).toEqual({ values: [1, 1, 1], alarmAt: null, max: 1 });
  });
});

describe('clopperPearson', () => {
  it('matches the closed forms at k = 0 and k = n, and the tabulated 5 of 10', () => {
    const [lo0, hi0] = clopperPearson(0, 10);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(1 - 0.025 ** (1 / 10), 10);
    const [lo1, hi1] = clopperPearson(10, 10);
    expect(lo1).toBeCloseTo(0.025 ** (1 / 10), 10);
    expect(hi1).toBe(1);
    const [lo, hi] = clopperPearson(5, 10);
    expect(lo).toBeCloseTo(0.187086, 6);
    expect(hi).toBeCloseTo(0.812914, 6);
  });
});

describe('unseenTools', () => {
  it('counts calls to tools outside the calibration vocabulary', () => {
    const r = unseenTools(
      { a: 3, b: 1 },
      new Map([
        ['a', 2],
        ['c', 3],
        ['d', 1],
      ]),
    );
    expect(r).toEqual({
      calls: 6,
      unseen: 4,
      share: 4 / 6,
      tools: [
        ['c', 3],
        ['d', 1],
      ],
    });
    expect(unseenTools(new Map(), new Map()).share).toBeNull();
  });
});

describe('shiftCheck', () => {
  it("says the logs do not look exchangeable when every new first-stop index lies above the calibration's", async () => {
    const { shiftCheck } = await import('@carb/deploy');
    const fresh = [9, 9, 9, 9, 9].map((runsFrom) => ({
      stratum: 'all',
      runsFrom,
      tools: new Map([
        ['known', 3],
        ['new_tool', 1],
      ]),
    }));
    const r = shiftCheck({
      calibration: [0, 0, 0, 0, 0],
      fresh,
      vocabulary: { known: 10 },
      grid: 10,
      permutations: 999,
      seed: '0',
      level: 0.05,
    });
    // D = 1 only in the 2 of C(10,5) = 252 labellings that keep the samples apart: p ≈ 1/126
    expect(r.strata).toHaveLength(1);
    expect(r.strata[0]!.test.d).toBe(1);
    expect(r.strata[0]!.test.p).toBeLessThan(0.05);
    expect(r.strata[0]!.unseen!.share).toBe(0.25);
    expect(r.strata[0]!.verdict).toMatch(
      /^these logs do not look exchangeable with the calibration corpus: p = 0\.0\d\d \(KS D = 1\.000\); 25\.0 % of tool calls are to tools unseen at calibration; the guarantee does not carry over; recalibrate or monitor$/,
    );
  });
});
