import { describe, expect, it } from 'vitest';
import { batchBudget, parseBudget } from '@carb/calibrate';

/** C(a, b) exactly. */
function choose(a: number, b: number): bigint {
  if (b < 0 || b > a) return 0n;
  let r = 1n;
  for (let i = 1; i <= b; i++) r = (r * BigInt(a - b + i)) / BigInt(i);
  return r;
}

/** The budget by exact big-integer hypergeometric tails: largest c with P(Hyp(n+m, c+t, n) ≤ c) ≤ δ. */
function exactBudget(alphaText: string, n: number, m: number, delta: number): number {
  const a = parseBudget(alphaText);
  const t = Number((a.num * BigInt(m)) / a.den) + 1;
  const N = n + m;
  // δ as an exact dyadic rational
  const scale = 2n ** 60n;
  const d = BigInt(Math.round(delta * 2 ** 60));
  let best = -1;
  for (let c = 0; c <= n; c++) {
    const K = c + t;
    if (K > N) {
      best = c;
      continue;
    }
    let sum = 0n;
    for (let j = 0; j <= c; j++) sum += choose(K, j) * choose(N - K, n - j);
    if (sum * scale > d * choose(N, n)) break;
    best = c;
  }
  return best;
}

/** Every subset of size n of 0 … N−1, as bitmasks. */
function* subsets(N: number, n: number): Generator<number> {
  for (let mask = 0; mask < 1 << N; mask++) {
    let bits = 0;
    for (let x = mask; x; x &= x - 1) bits++;
    if (bits === n) yield mask;
  }
}

describe('batchBudget: the next m episodes exceed α with probability ≤ δ', () => {
  it('equals the exact big-integer hypergeometric budget', () => {
    for (const [alpha, n, m, delta] of [
      ['.1', 40, 40, 0.1],
      ['.05', 120, 80, 0.1],
      ['.2', 30, 12, 0.05],
      ['.025', 376, 376, 0.1],
      ['1/7', 25, 20, 0.2],
    ] as const) {
      const c = exactBudget(alpha, n, m, delta);
      expect(batchBudget(parseBudget(alpha), n, m, 1n, delta), `${alpha} ${n} ${m} ${delta}`).toBe(BigInt(c));
      expect(batchBudget(parseBudget(alpha), n, m, 5n, delta)).toBe(c < 0 ? -1n : BigInt(c) * 5n);
    }
  });

  it('over every split of a small pool, the batch share above α at the certified λ̂ is ≤ δ, and one more allowed loss breaks it', () => {
    // 16 episodes, grid 0 … 5; episode e starts losing at onset[e] (6: never). n = 8 calibration, m = 8 batch.
    const N = 16;
    const n = 8;
    const m = 8;
    const delta = 0.3;
    /** Share of the C(16, 8) splits whose batch loss at λ̂ (last g with calibration count ≤ c) exceeds α. */
    const share = (onset: readonly number[], c: number, alpha: string): number => {
      const a = parseBudget(alpha);
      let bad = 0;
      let total = 0;
      for (const mask of subsets(N, n)) {
        const cal = onset.filter((_, e) => mask & (1 << e));
        const test = onset.filter((_, e) => !(mask & (1 << e)));
        let g = -1;
        while (g + 1 <= 5 && cal.filter((o) => o <= g + 1).length <= c) g++;
        const lost = g < 0 ? 0 : test.filter((o) => o <= g).length;
        if (BigInt(lost) * a.den > a.num * BigInt(m)) bad++;
        total++;
      }
      expect(total).toBe(12_870);
      return bad / total;
    };
    /** The worst pool for budget c: exactly c + t episodes lose, all from grid index 1. */
    const worst = (c: number, alpha: string): number[] => {
      const a = parseBudget(alpha);
      const t = Number((a.num * BigInt(m)) / a.den) + 1;
      return Array.from({ length: N }, (_, e) => (e < c + t ? 1 : 6));
    };
    for (const [alpha, expected] of [
      ['.25', 1],
      ['.375', 1],
      ['.5', 2],
    ] as const) {
      const c = Number(batchBudget(parseBudget(alpha), n, m, 1n, delta));
      expect(c).toBe(expected);
      for (const onset of [
        [1, 2, 2, 3, 4, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6],
        [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 6],
        [3, 3, 3, 3, 3, 3, 3, 3, 6, 6, 6, 6, 6, 6, 6, 6],
        worst(c, alpha),
      ]) {
        expect(share(onset, c, alpha), `α ${alpha}, pool ${onset.join(',')}`).toBeLessThanOrEqual(delta);
      }
      // c is the largest budget: allowing c + 1 losses fails on its worst pool
      expect(share(worst(c + 1, alpha), c + 1, alpha)).toBeGreaterThan(delta);
    }
  });

  it('refuses a batch size that is not a positive integer', () => {
    expect(() => batchBudget(parseBudget('.1'), 10, 0, 1n, 0.1)).toThrow('batch: m = 0; expected a positive integer batch size');
  });
});
