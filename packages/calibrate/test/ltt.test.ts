import { describe, expect, it } from 'vitest';
import type { Rational } from '@carb/pipeline';
import {
  PythonRandom,
  binomialCdfAtMost,
  calibrationLosses,
  envelopeStepLosses,
  calibrationSums,
  crcBudget,
  crcThreshold,
  fitThreshold,
  ledgerStepLosses,
  logBinomialCdf,
  logBinomialCdfErrorBound,
  logHoeffdingBentkus,
  lttBudget,
  lttThreshold,
  parseBudget,
  runProtocol,
  stepLossesFromDense,
  type Split,
} from '../src/index.ts';
import { buildTable, type SynthEpisode } from './helpers/tableBuilder.ts';

// ---------- independent exact arithmetic (BigInt rationals), written without the library's recurrence ----------

const factorials: bigint[] = [1n];
const fact = (m: number): bigint => {
  while (factorials.length <= m) factorials.push(factorials[factorials.length - 1]! * BigInt(factorials.length));
  return factorials[m]!;
};
const choose = (n: number, j: number): bigint => fact(n) / (fact(j) * fact(n - j));

/** P(Bin(n, a/b) ≤ k) = num / b^n exactly. */
function exactTail(n: number, alpha: Rational, k: number): { num: bigint; den: bigint } {
  const a = alpha.num,
    b = alpha.den;
  let num = 0n;
  for (let j = 0; j <= Math.min(k, n); j++) num += choose(n, j) * a ** BigInt(j) * (b - a) ** BigInt(n - j);
  return { num, den: b ** BigInt(n) };
}

/** ln of a positive bigint to ~1e-16 relative: the top 53 bits and the shift. */
function bigLog(x: bigint): number {
  const bits = x.toString(2).length;
  const shift = Math.max(0, bits - 60);
  return Math.log(Number(x >> BigInt(shift))) + shift * Math.LN2;
}
const exactLog = (r: { num: bigint; den: bigint }): number => (r.num === 0n ? -Infinity : bigLog(r.num) - bigLog(r.den));

/** Exactly whether num/den ≤ x for a double x, via x's binary expansion (x = m / 2^e). */
function ratAtMostDouble(r: { num: bigint; den: bigint }, x: number): boolean {
  let e = 0n;
  while (!Number.isInteger(x)) {
    x *= 2;
    e++;
  }
  return r.num * 2n ** e <= BigInt(x) * r.den;
}

/** The double just below x > 0. */
const nextDown = (x: number): number => {
  const f = new Float64Array([x]);
  const u = new BigUint64Array(f.buffer);
  u[0] = u[0]! - 1n;
  return f[0]!;
};

/** k* = max{k : P(Bin(n, α) ≤ k) ≤ δ}, −1 when none, from the exact tails. */
function exactKStar(n: number, alpha: Rational, delta: number): number {
  let k = -1;
  while (k < n && ratAtMostDouble(exactTail(n, alpha, k + 1), delta)) k++;
  return k;
}

/** Hoeffding–Bentkus p written out in doubles from its definition, with the Bentkus tail exact. */
function directHB(n: number, alpha: Rational, units: number, D: number): number {
  const a = Number(alpha.num) / Number(alpha.den);
  const r = units / (n * D);
  const q = Math.min(r, a);
  const h1 = (q === 0 ? 0 : q * Math.log(q / a)) + (1 - q) * Math.log((1 - q) / (1 - a));
  const bentkus = Math.E * Math.exp(exactLog(exactTail(n, alpha, Math.ceil(units / D))));
  return Math.min(Math.exp(-n * h1), bentkus);
}

const ALPHAS = ['1/493', '.01', '.025', '.05', '.10', '1/7', '.20', '1/3', '.5', '.7', '.99'].map(parseBudget);

describe('log-space binomial tail against exact BigInt tails', () => {
  it('every n ≤ 60, k ≤ n and 11 budgets: |ln P̂ − ln P| ≤ 1e-12 and within the stated bound', () => {
    let worst = 0;
    for (let n = 1; n <= 60; n++) {
      for (const alpha of ALPHAS) {
        const got = logBinomialCdf(n, alpha);
        const bound = logBinomialCdfErrorBound(n, alpha);
        for (let k = 0; k <= n; k++) {
          const want = exactLog(exactTail(n, alpha, k));
          const err = Math.abs(got[k]! - want);
          worst = Math.max(worst, err);
          expect(err, `n=${n} α=${alpha.text} k=${k}`).toBeLessThanOrEqual(Math.min(1e-12, bound));
        }
      }
    }
    expect(worst).toBeGreaterThan(0); // the comparison is between two different computations
  });

  it('large n (492, 1081, 5000) at tails down to 1e-200: within the stated bound', () => {
    for (const [n, alphaText, ks] of [
      [492, '.05', [0, 5, 12, 24, 60]],
      [1081, '.10', [3, 80, 108, 300]],
      [5000, '1/493', [0, 2, 10, 40]],
    ] as const) {
      const alpha = parseBudget(alphaText);
      const got = logBinomialCdf(n, alpha);
      for (const k of ks)
        expect(Math.abs(got[k]! - exactLog(exactTail(n, alpha, k))), `n=${n} k=${k}`).toBeLessThanOrEqual(
          logBinomialCdfErrorBound(n, alpha),
        );
    }
    // P(Bin(5000, 1/493) ≤ 0) = (492/493)^5000 = e^{-10.15…}: no underflow path, and ≈ 3.9e-5
    expect(Math.exp(logBinomialCdf(5000, parseBudget('1/493'), 0)[0]!)).toBeCloseTo(Math.exp(5000 * Math.log1p(-1 / 493)), 15);
  });

  it('α = 0 and α = 1 are exact: P ≡ 1, and P = [k ≥ n]', () => {
    expect([...logBinomialCdf(4, parseBudget('0'))]).toEqual([0, 0, 0, 0, 0]);
    expect([...logBinomialCdf(3, parseBudget('1'))]).toEqual([-Infinity, -Infinity, -Infinity, 0]);
  });
});

describe('exact decision P(Bin(n, α) ≤ k) ≤ δ', () => {
  it('agrees with the independent BigInt comparison for n ≤ 40, every k, δ ∈ {.01, .05, .1, .2}', () => {
    for (let n = 1; n <= 40; n += 3) {
      for (const alpha of ALPHAS) {
        for (let k = 0; k <= n; k++) {
          const p = exactTail(n, alpha, k);
          for (const d of [0.01, 0.05, 0.1, 0.2])
            expect(binomialCdfAtMost(n, alpha, k, d), `n=${n} α=${alpha.text} k=${k} δ=${d}`).toBe(ratAtMostDouble(p, d));
        }
      }
    }
  });

  it('decides ties a float cannot: P(Bin(1, .9) ≤ 0) is exactly 1/10, just below the double .1 and above the double before it', () => {
    const a = parseBudget('.9');
    expect(binomialCdfAtMost(1, a, 0, 0.1)).toBe(true);
    expect(binomialCdfAtMost(1, a, 0, nextDown(0.1))).toBe(false);
    expect(lttBudget(a, 1, 1n, 'binary', 0.1)).toBe(0n);
    expect(lttBudget(a, 1, 1n, 'binary', nextDown(0.1))).toBe(-1n);
  });

  it('lttBudget (binary) is k* of the exact tails, also with δ one ulp either side of an exact tail', () => {
    for (const [n, alphaText] of [
      [50, '.1'],
      [60, '.05'],
      [37, '1/3'],
      [200, '.10'],
    ] as const) {
      const alpha = parseBudget(alphaText);
      for (const d of [0.01, 0.05, 0.1, 0.25])
        expect(lttBudget(alpha, n, 1n, 'binary', d), `n=${n} α=${alphaText} δ=${d}`).toBe(BigInt(exactKStar(n, alpha, d)));
      // δ = the double nearest an exact tail P(≤ 3): the log-space values sit inside the error band there
      const p = exactTail(n, alpha, 3);
      const near = Math.exp(exactLog(p));
      // inside the error band, so the exact arithmetic is what decides
      expect(Math.abs(logBinomialCdf(n, alpha)[3]! - Math.log(near))).toBeLessThan(logBinomialCdfErrorBound(n, alpha));
      for (const d of [nextDown(nextDown(near)), nextDown(near), near, near * (1 + 2 ** -52), near * (1 + 2 ** -51)]) {
        expect(lttBudget(alpha, n, 1n, 'binary', d), `n=${n} α=${alphaText} δ=${d}`).toBe(BigInt(exactKStar(n, alpha, d)));
      }
    }
  });

  it('scales the budget to units of 1/D', () => {
    expect(lttBudget(parseBudget('.10'), 200, 7n, 'binary', 0.1)).toBe(7n * BigInt(exactKStar(200, parseBudget('.10'), 0.1)));
  });
});

describe('Hoeffding–Bentkus p-value', () => {
  it('matches a direct evaluation of min(exp(−n h₁(R̂∧α, α)), e·P(Bin(n, α) ≤ ⌈nR̂⌉)) to 1e-9 relative', () => {
    for (const n of [5, 20, 60]) {
      for (const D of [1, 5, 7]) {
        for (const alpha of ALPHAS) {
          for (let u = 0; u <= n * D; u++) {
            const want = directHB(n, alpha, u, D);
            const got = Math.exp(logHoeffdingBentkus(n, alpha, BigInt(u), BigInt(D)));
            expect(Math.abs(got - want), `n=${n} D=${D} α=${alpha.text} units=${u}`).toBeLessThanOrEqual(1e-9 * want + 1e-300);
          }
        }
      }
    }
  });

  it('known values: Hoeffding wins at small R̂, Bentkus (e·tail) nearer α', () => {
    const a = parseBudget('.2');
    expect(Math.exp(logHoeffdingBentkus(40, a, 0n, 5n))).toBeCloseTo(0.8 ** 40, 15);
    // R̂ = 1/40: exp(−40 h₁(.025, .2)) = exp(−5.636) = .00357 < e·P(Bin(40, .2) ≤ 1) = e·.00146 = .00397
    const h1 = 0.025 * Math.log(0.025 / 0.2) + 0.975 * Math.log(0.975 / 0.8);
    expect(Math.exp(logHoeffdingBentkus(40, a, 5n, 5n))).toBeCloseTo(Math.exp(-40 * h1), 12);
    expect(Math.exp(-40 * h1)).toBeCloseTo(0.00357, 5);
    // R̂ = .1: e·P(Bin(40, .2) ≤ 4) = e·.0759 = .206 < exp(−40 h₁(.1, .2)) = .231
    const tail4 = Number(exactTail(40, a, 4).num) / Number(exactTail(40, a, 4).den);
    expect(tail4).toBeCloseTo(0.0759, 4);
    expect(Math.exp(logHoeffdingBentkus(40, a, 20n, 5n))).toBeCloseTo(Math.E * tail4, 12);
    // R̂ ≥ α: the Hoeffding term is 1, and e·P(≤ ⌈nR̂⌉) ≥ 1 here
    expect(logHoeffdingBentkus(40, a, 40n, 5n)).toBe(0);
  });

  it('lttBudget (bounded) is the last sum whose p-value is ≤ δ: p(S*) ≤ δ < p(S* + 1) by the direct evaluation', () => {
    for (const [n, D, alphaText, d] of [
      [60, 5, '.10', 0.1],
      [40, 5, '.2', 0.05],
      [60, 7, '.05', 0.2],
      [100, 1, '.10', 0.1],
    ] as const) {
      const alpha = parseBudget(alphaText);
      const s = Number(lttBudget(alpha, n, BigInt(D), 'bounded', d));
      expect(s, `n=${n} D=${D} α=${alphaText}`).toBeGreaterThanOrEqual(0);
      expect(directHB(n, alpha, s, D)).toBeLessThanOrEqual(d);
      expect(directHB(n, alpha, s + 1, D)).toBeGreaterThan(d);
    }
    // n = 10, α = .05: even R̂ = 0 has p = .95^10 = .599 > .1
    expect(lttBudget(parseBudget('.05'), 10, 5n, 'bounded', 0.1)).toBe(-1n);
  });
});

describe('fixed-sequence testing on hand-made loss tables', () => {
  // P(Bin(40, .2) ≤ 4) = .0759 ≤ .1 < P(Bin(40, .2) ≤ 5) = .1613, so k* = 4
  const n = 40;
  const G = 6;
  /** Episode e first loses at firstLoss(e) (G: never); S(g) = 0, 0, 2, 4, 5, 9. */
  const firstLoss = (e: number) => (e < 2 ? 2 : e < 4 ? 3 : e < 5 ? 4 : e < 9 ? 5 : G);
  const units = new Uint8Array(n * G);
  for (let e = 0; e < n; e++) for (let g = firstLoss(e); g < G; g++) units[e * G + g] = 1;
  const losses = stepLossesFromDense(
    units,
    n,
    G,
    1,
    Array.from({ length: n }, (_, e) => `e${e}`),
  );
  const all = Array.from({ length: n }, (_, e) => e);

  it('the setting: k* = 4 by the exact tails, and the table has S = 0, 0, 2, 4, 5, 9', () => {
    expect(exactKStar(n, parseBudget('.2'), 0.1)).toBe(4);
    expect([...calibrationSums(losses, Int32Array.from(all))]).toEqual([0, 0, 2, 4, 5, 9]);
  });

  it('λ̂ = 3, the last g with S(g) ≤ 4 (Eq. 1 takes 4: (1 + 5)/41 ≤ .2 < (1 + 9)/41)', () => {
    expect(fitThreshold(losses, all, parseBudget('.2'), { kind: 'high-probability', delta: 0.1 }, 'binary')).toBe(3);
    expect(fitThreshold(losses, all, parseBudget('.2'))).toBe(4);
    expect(fitThreshold(losses, all, parseBudget('.2'), { kind: 'expectation' })).toBe(
      crcThreshold(calibrationSums(losses, Int32Array.from(all)), crcBudget(parseBudget('.2'), n, 1n)),
    );
  });

  it('stops at the first hypothesis not rejected, even if a later sum would pass (CRC scans from the top)', () => {
    const sums = Float64Array.of(0, 3, 7, 2, 1);
    expect(lttThreshold(sums, 4)).toBe(1);
    expect(crcThreshold(sums, 4)).toBe(4);
    expect(lttThreshold([0n, 3n, 7n, 2n], 4n)).toBe(1);
    expect(lttThreshold(sums, -1n)).toBe(-1);
  });

  it('λ⊥ is certified only from n ≥ ln δ / ln(1−α): all-zero losses at α = .05, δ = .1 give −1 at n = 44 (.95⁴⁴ = .1047), the top at n = 45 (.95⁴⁵ = .0994)', () => {
    for (const [m, want] of [
      [44, -1],
      [45, G - 1],
    ] as const) {
      const zero = stepLossesFromDense(
        new Uint8Array(m * G),
        m,
        G,
        1,
        Array.from({ length: m }, (_, e) => `z${e}`),
      );
      const idx = Array.from({ length: m }, (_, e) => e);
      expect(fitThreshold(zero, idx, parseBudget('.05'), { kind: 'high-probability', delta: 0.1 }, 'binary')).toBe(want);
      expect(fitThreshold(zero, idx, parseBudget('.05'), { kind: 'high-probability', delta: 0.1 }, 'bounded')).toBe(want);
    }
  });

  it('graded losses use Hoeffding–Bentkus: λ̂ = the last g whose direct p-value is ≤ δ', () => {
    // 60 episodes in fifths; episode e gains one fifth at each g ≥ 1 + (e + c·7) mod 9 for categories c < e mod 3
    const m = 60;
    const Gg = 10;
    const u = new Uint8Array(m * Gg);
    for (let e = 0; e < m; e++) {
      for (let c = 0; c < e % 3; c++) for (let g = 1 + ((e + c * 7) % 9) + 3; g < Gg; g++) u[e * Gg + g]! += 1;
    }
    const graded = stepLossesFromDense(
      u,
      m,
      Gg,
      5,
      Array.from({ length: m }, (_, e) => `g${e}`),
    );
    const idx = Array.from({ length: m }, (_, e) => e);
    const sums = [...calibrationSums(graded, Int32Array.from(idx))] as number[];
    for (const [alphaText, d] of [
      ['.10', 0.1],
      ['.2', 0.05],
      ['.05', 0.2],
    ] as const) {
      const alpha = parseBudget(alphaText);
      let want = -1;
      while (want + 1 < Gg && directHB(m, alpha, sums[want + 1]!, 5) <= d) want++;
      expect(fitThreshold(graded, idx, parseBudget(alphaText), { kind: 'high-probability', delta: d }), `α=${alphaText}`).toBe(want);
    }
    expect(sums.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(fitThreshold(graded, idx, parseBudget('.10'), { kind: 'high-probability', delta: 0.1 })).toBeGreaterThan(0);
  });

  it('refuses δ outside (0, 1) and foreign episode indices, naming them', () => {
    expect(() => fitThreshold(losses, all, parseBudget('.2'), { kind: 'high-probability', delta: 1 })).toThrow(
      /delta = 1; expected a number in \(0, 1\)/,
    );
    expect(() => fitThreshold(losses, [0, 40], parseBudget('.2'))).toThrow(/episode index 40/);
  });
});

describe('validity by simulation (fixed seed): P(R(λ̂) > α) ≤ δ', () => {
  // True risk R(g) = .015 g on a 21-point grid; with α = .1, λ̂ ≥ 7 (R = .105) violates.
  const G = 21;
  const risk = (g: number) => 0.015 * g;
  const alpha = parseBudget('.10');
  const delta = 0.1;
  const draws = 2000;
  const n = 200;
  const rng = new PythonRandom(20261201);
  const uniform = () => (rng.getrandbits(32) + 0.5) / 2 ** 32;
  /** Binomial noise of a share estimated from `draws` draws: three standard errors at δ. */
  const margin = 3 * Math.sqrt((delta * (1 - delta)) / draws);

  /** One calibration draw of {0, 1} or graded (fifths) losses with E L(g) = R(g), monotone in g. */
  function draw(graded: boolean): { units: Uint8Array; D: number } {
    const cats = graded ? 5 : 1;
    const units = new Uint8Array(n * G);
    for (let e = 0; e < n; e++) {
      for (let c = 0; c < cats; c++) {
        const v = uniform();
        for (let g = 0; g < G; g++) if (v < risk(g)) units[e * G + g]! += 1;
      }
    }
    return { units, D: cats };
  }

  function violationShare(graded: boolean, pick: (losses: ReturnType<typeof stepLossesFromDense>, idx: number[]) => number): number {
    let bad = 0;
    const ids = Array.from({ length: n }, (_, e) => `s${e}`);
    const idx = Array.from({ length: n }, (_, e) => e);
    for (let t = 0; t < draws; t++) {
      const { units, D } = draw(graded);
      const g = pick(stepLossesFromDense(units, n, G, D, ids), idx);
      if (g >= 0 && risk(g) > 0.1) bad++;
    }
    return bad / draws;
  }

  it('binary losses, exact binomial p-value: the share of draws with R(λ̂) > α is ≤ δ + 3 s.e.', () => {
    const share = violationShare(false, (l, idx) => fitThreshold(l, idx, alpha, { kind: 'high-probability', delta }, 'binary'));
    expect(share).toBeLessThanOrEqual(delta + margin);
    // the exact test is nearly tight here: P(Bin(200, .105) ≤ k*) is the violation probability
    expect(share).toBeGreaterThan(0.02);
  });

  it('graded losses, Hoeffding–Bentkus: share ≤ δ + 3 s.e.', () => {
    const share = violationShare(true, (l, idx) => fitThreshold(l, idx, alpha, { kind: 'high-probability', delta }, 'bounded'));
    expect(share).toBeLessThanOrEqual(delta + margin);
  });

  it('the check has power: plug-in R̂(g) ≤ α (no correction) violates in far more than δ of the draws', () => {
    const share = violationShare(false, (l, idx) => {
      const sums = calibrationSums(l, Int32Array.from(idx));
      let g = -1;
      while (g + 1 < G && (sums[g + 1] as number) <= 0.1 * n) g++;
      return g;
    });
    expect(share).toBeGreaterThan(delta + margin);
  });
});

describe('runProtocol with the high-probability guarantee', () => {
  // 120 one-step episodes on the default grid (G = 102); episode e's proposal executes from grid
  // index 1 + 37e mod 101 and is a privacy flow when e mod 4 = 0, so the union loss starts there.
  const grid = { bottom: -1, denominator: 100 };
  const episodes: SynthEpisode[] = Array.from({ length: 120 }, (_, e) => ({
    id: `p${e}`,
    allowFrom: [1 + ((37 * e) % 101)],
    completed: e % 3 !== 0,
    ...(e % 4 === 0 ? { firstStep: { privacy_flow: 0 } } : {}),
  }));
  const table = buildTable('graph', episodes, grid);
  const cal = Int32Array.from({ length: 60 }, (_, i) => 2 * i);
  const test = Int32Array.from({ length: 60 }, (_, i) => 2 * i + 1);
  const splits: Split[] = [
    { index: 0, seed: 0, cal, test },
    { index: 1, seed: 1, cal: test, test: cal },
  ];
  const base = {
    tables: { 'g-carb': table, 'no-guard': table, 'executed-step-crc': table },
    alphas: ['.10', '.2'].map(parseBudget),
    splits,
    reference: 'no-guard' as const,
  };
  const exp = runProtocol(base);
  const hp = runProtocol({ ...base, guarantee: { kind: 'high-probability', delta: 0.1 } });

  it('picks the fixed-sequence λ̂ on each calibration fold: last g with #losses ≤ k*(60, α, .1) by exact tails', () => {
    for (const s of splits) {
      for (const alphaText of ['.10', '.2']) {
        const k = exactKStar(60, parseBudget(alphaText), 0.1);
        let want = -1;
        const S = (g: number) => [...s.cal].filter((e) => table.unionLossFrom[e]! <= g).length;
        while (want + 1 < table.G && S(want + 1) <= k) want++;
        const row = hp.splitResults.find((r) => r.method === 'g-carb' && r.alphaText === alphaText && r.split === s.index)!;
        expect(row.lambdaIndex, `split ${s.index} α=${alphaText}`).toBe(want);
        expect(row.lambdaIndex).toBe(
          fitThreshold(ledgerStepLosses(table, 'union'), s.cal, parseBudget(alphaText), { kind: 'high-probability', delta: 0.1 }, 'binary'),
        );
      }
    }
  });

  it('is never more permissive than Eq. 1 here, and strictly less somewhere', () => {
    const key = (r: { method: string; alphaText: string; split: number }) => `${r.method} ${r.alphaText} ${r.split}`;
    const e = new Map(exp.splitResults.map((r) => [key(r), r.lambdaIndex]));
    let stricter = 0;
    for (const r of hp.splitResults.filter((x) => x.method === 'g-carb')) {
      expect(r.lambdaIndex).toBeLessThanOrEqual(e.get(key(r))!);
      if (r.lambdaIndex < e.get(key(r))!) stricter++;
    }
    expect(stricter).toBeGreaterThan(0);
  });

  it('tags every row (guarantee, and δ on summary rows); the expectation run carries no new key; no guard is unchanged', () => {
    for (const r of [...hp.splitResults, ...hp.paired]) expect(r.guarantee).toBe('high-probability');
    for (const r of hp.summary) expect([r.guarantee, r.delta]).toEqual(['high-probability', 0.1]);
    expect(JSON.stringify(exp)).not.toMatch(/guarantee|delta/);
    // toEqual skips keys whose value is undefined: the tagged rows minus their tags
    const untagged = hp.summary.filter((r) => r.method === 'no-guard').map((r) => ({ ...r, guarantee: undefined, delta: undefined }));
    expect(untagged).toEqual(exp.summary.filter((r) => r.method === 'no-guard'));
    expect(untagged[0]!.meanLoss).toBeGreaterThan(0);
  });

  it('calibrates the step-rate envelope with Hoeffding–Bentkus (bounded), though its values here happen to be {0, 1}', () => {
    const env = envelopeStepLosses(table);
    expect(env.denominator).toBe(1n); // one-step episodes: r̃ ∈ {0, 1}
    let differs = 0;
    for (const s of splits) {
      for (const alphaText of ['.10', '.2']) {
        const row = hp.splitResults.find((r) => r.method === 'executed-step-crc' && r.alphaText === alphaText && r.split === s.index)!;
        const bounded = fitThreshold(env, s.cal, parseBudget(alphaText), { kind: 'high-probability', delta: 0.1 }, 'bounded');
        expect(row.lambdaIndex).toBe(bounded);
        if (bounded !== fitThreshold(env, s.cal, parseBudget(alphaText), { kind: 'high-probability', delta: 0.1 }, 'binary')) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0);
  });

  it('calibrationLosses: the union ledger is binary; graded ledger and step-rate envelope are bounded; no guard calibrates nothing', () => {
    expect(calibrationLosses('no-guard', table, 'union')).toBeNull();
    expect(calibrationLosses('g-carb', table, 'union')!.kind).toBe('binary');
    expect(calibrationLosses('g-carb', table, 'graded')).toMatchObject({ kind: 'bounded', losses: { denominator: 5n } });
    expect(calibrationLosses('executed-step-crc', table, 'union')!.kind).toBe('bounded');
  });

  it('is deterministic: a second run is byte-identical', () => {
    expect(JSON.stringify(runProtocol({ ...base, guarantee: { kind: 'high-probability', delta: 0.1 } }))).toBe(JSON.stringify(hp));
  });

  it('refuses a bad δ before any work, naming the option', () => {
    expect(() => runProtocol({ ...base, guarantee: { kind: 'high-probability', delta: 0 } })).toThrow(/runProtocol guarantee: delta = 0/);
  });
});
