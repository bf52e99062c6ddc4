import type { OutcomeTable } from '@carb/replay';
import { lcm } from './rational.ts';

/**
 * Every episode's loss vector over the grid as a monotone step function in exact
 * integer units: L_e(g) = (Σ_{b of e, at[b] ≤ g} classUnits[cls[b]]) / denominator.
 * Increments are grouped into a few classes (distinct sizes) so a per-split histogram
 * is K × G counters, independent of n.
 */
export interface StepLosses {
  n: number;
  G: number;
  /** D: each loss value is an integer number of 1/D units. */
  denominator: bigint;
  /** Increment size (in 1/D units) of each class. */
  classUnits: bigint[];
  /** Episode e's breakpoints are start[e] … start[e+1]−1. */
  start: Int32Array;
  /** Grid index at which the loss rises. */
  at: Int32Array;
  /** Class of the rise. */
  cls: Int32Array;
  /** Largest loss in units over the corpus (bounds every calibration sum). */
  maxUnits: bigint;
}

class Builder {
  private readonly at: number[] = [];
  private readonly cls: number[] = [];
  private readonly classOf = new Map<bigint, number>();
  readonly classUnits: bigint[] = [];
  readonly start: Int32Array;
  maxUnits = 0n;
  constructor(n: number) {
    this.start = new Int32Array(n + 1);
  }
  rise(g: number, units: bigint): void {
    let k = this.classOf.get(units);
    if (k === undefined) {
      k = this.classUnits.length;
      this.classOf.set(units, k);
      this.classUnits.push(units);
    }
    this.at.push(g);
    this.cls.push(k);
  }
  endEpisode(e: number, total: bigint): void {
    this.start[e + 1] = this.at.length;
    if (total > this.maxUnits) this.maxUnits = total;
  }
  build(n: number, G: number, denominator: bigint): StepLosses {
    return {
      n, G, denominator, classUnits: this.classUnits, start: this.start,
      at: Int32Array.from(this.at), cls: Int32Array.from(this.cls), maxUnits: this.maxUnits,
    };
  }
}

/**
 * Step losses from a dense n × G matrix of integer units (row e·G + g). Refuses a loss
 * that is nonzero at λ⊥ or decreases anywhere in g (Theorem 1 needs both), naming the episode.
 */
export function stepLossesFromDense(
  units: ArrayLike<number>, n: number, G: number, denominator: number | bigint,
  ids: readonly string[], what = 'loss matrix',
): StepLosses {
  const D = BigInt(denominator);
  const Dn = Number(D);
  const b = new Builder(n);
  for (let e = 0; e < n; e++) {
    const base = e * G;
    let prev = units[base]!;
    if (prev !== 0) throw new Error(`${what}: episode ${ids[e]}: loss at λ⊥ (grid index 0) is ${prev}/${Dn}; expected 0 (stop-all executes nothing)`);
    for (let g = 1; g < G; g++) {
      const v = units[base + g]!;
      if (!Number.isInteger(v) || v > Dn) throw new Error(`${what}: episode ${ids[e]}: loss units ${v} at grid index ${g}; expected an integer in [0, ${Dn}]`);
      if (v < prev) throw new Error(`${what}: episode ${ids[e]}: loss decreases from ${prev}/${Dn} at grid index ${g - 1} to ${v}/${Dn} at ${g}; expected a nondecreasing loss in λ`);
      if (v > prev) b.rise(g, BigInt(v - prev));
      prev = v;
    }
    b.endEpisode(e, BigInt(prev));
  }
  return b.build(n, G, D);
}

/** Ledger loss of a replayed table: binary union ℓ_union (D = 1) or graded count/5 (D = 5). */
export function ledgerStepLosses(table: OutcomeTable, ledger: 'union' | 'graded'): StepLosses {
  const column = ledger === 'union' ? table.lossUnion : table.lossCount;
  return stepLossesFromDense(column, table.n, table.G, ledger === 'union' ? 1 : 5, table.ids, `outcome table ${table.method} (${ledger} ledger)`);
}

/**
 * Raw executed-step rate r_λ as a denominator p (r = 1/p), or 0 when r = 0
 * (App. D.2: first union increment within P_λ over max(1, |P_λ|)).
 */
export function stepRateDenominator(table: OutcomeTable, e: number, g: number): number {
  const first = table.unionFirstStep[e]!;
  const p = table.executed[e * table.G + g]!;
  return first >= 0 && first < p ? Math.max(1, p) : 0;
}

/**
 * Running-max envelope r̃_λ = max_{λ' ≤ λ} r_λ' of the raw step rate, exact: every value is
 * 1/p, so the common denominator is lcm of the p that occur and each rise is an integer.
 */
export function envelopeStepLosses(table: OutcomeTable): StepLosses {
  const { n, G } = table;
  const ps = new Set<number>();
  for (let e = 0; e < n; e++) for (let g = 0; g < G; g++) {
    const p = stepRateDenominator(table, e, g);
    if (p > 0) ps.add(p);
  }
  const D = lcm(ps);
  const b = new Builder(n);
  for (let e = 0; e < n; e++) {
    let cur = 0n;
    for (let g = 0; g < G; g++) {
      const p = stepRateDenominator(table, e, g);
      if (p === 0) continue;
      const v = D / BigInt(p);
      if (v > cur) {
        if (g === 0) throw new Error(`outcome table ${table.method}: episode ${table.ids[e]}: positive step rate at λ⊥; expected an empty prefix there`);
        b.rise(g, v - cur);
        cur = v;
      }
    }
    b.endEpisode(e, cur);
  }
  return b.build(n, G, D);
}

/** Dense n × G units of a step-loss set (reference implementation and tests). */
export function denseUnits(losses: StepLosses): Float64Array {
  const { n, G, start, at, cls, classUnits } = losses;
  const out = new Float64Array(n * G);
  for (let e = 0; e < n; e++) {
    for (let b = start[e]!; b < start[e + 1]!; b++) {
      const u = Number(classUnits[cls[b]!]!);
      for (let g = at[b]!; g < G; g++) out[e * G + g]! += u;
    }
  }
  return out;
}
