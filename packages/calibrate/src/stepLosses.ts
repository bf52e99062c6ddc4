import type { BreakpointTable } from '@carb/replay';
import { ledgerDenominator, ledgerRises, type Ledger } from './ledgerLoss.ts';
import { lcm } from '@carb/pipeline';
import { stepRateDenominator } from './stepRate.ts';

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
  /**
   * When every episode rises at most once (binary losses of the union ledger; the step-rate
   * envelope, one rise of one of several sizes): each episode's histogram slot cls·G + at, K·G
   * where it never rises, so a calibration histogram is one increment per episode with no loop
   * (the protocol counts it 200 times per method; issue 26). With one class the slot is the rise index.
   */
  single: Int32Array | null;
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
      n,
      G,
      denominator,
      classUnits: this.classUnits,
      start: this.start,
      at: Int32Array.from(this.at),
      cls: Int32Array.from(this.cls),
      maxUnits: this.maxUnits,
      single: this.singleRises(n, G),
    };
  }

  private singleRises(n: number, G: number): Int32Array | null {
    const single = new Int32Array(n).fill(this.classUnits.length * G);
    for (let e = 0; e < n; e++) {
      const count = this.start[e + 1]! - this.start[e]!;
      if (count > 1) return null;
      if (count === 1) single[e] = this.cls[this.start[e]!]! * G + this.at[this.start[e]!]!;
    }
    return single;
  }
}

/**
 * Step losses from a dense n × G matrix of integer units (row e·G + g). Refuses a loss
 * that is nonzero at λ⊥ or decreases anywhere in g (Theorem 1 needs both), naming the episode.
 */
export function stepLossesFromDense(
  units: ArrayLike<number>,
  n: number,
  G: number,
  denominator: number | bigint,
  ids: readonly string[],
  what = 'loss matrix',
): StepLosses {
  const D = BigInt(denominator);
  const Dn = Number(D);
  const b = new Builder(n);
  for (let e = 0; e < n; e++) {
    const base = e * G;
    let prev = units[base]!;
    if (prev !== 0)
      throw new Error(`${what}: episode ${ids[e]!}: loss at λ⊥ (grid index 0) is ${prev}/${Dn}; expected 0 (stop-all executes nothing)`);
    for (let g = 1; g < G; g++) {
      const v = units[base + g]!;
      if (!Number.isInteger(v) || v > Dn)
        throw new Error(`${what}: episode ${ids[e]!}: loss units ${v} at grid index ${g}; expected an integer in [0, ${Dn}]`);
      if (v < prev)
        throw new Error(
          `${what}: episode ${ids[e]!}: loss decreases from ${prev}/${Dn} at grid index ${g - 1} to ${v}/${Dn} at ${g}; expected a nondecreasing loss in λ`,
        );
      if (v > prev) b.rise(g, BigInt(v - prev));
      prev = v;
    }
    b.endEpisode(e, BigInt(prev));
  }
  return b.build(n, G, D);
}

/**
 * Ledger loss of a breakpoint table: binary union ℓ_union (D = 1, one rise at unionLossFrom) or
 * graded (D = 5, one unit at each category's lossFrom). Refuses a loss at λ⊥, naming the episode.
 */
export function ledgerStepLosses(table: BreakpointTable, ledger: Ledger): StepLosses {
  if (ledger === 'union') return unionStepLosses(table);
  const { n, G } = table;
  const D = ledgerDenominator(ledger);
  const b = new Builder(n);
  for (let e = 0; e < n; e++) {
    let total = 0n;
    for (const g of ledgerRises(table, e, ledger)) {
      if (g >= G) continue;
      if (g <= 0) throw lossAtBottom(table, e, ledger);
      b.rise(g, 1n);
      total++;
    }
    b.endEpisode(e, total);
  }
  return b.build(n, G, BigInt(D));
}

/** The refusal of a ledger loss at λ⊥ for episode e of a table. */
function lossAtBottom(table: BreakpointTable, e: number, ledger: Ledger): Error {
  return new Error(
    `breakpoint table ${table.method} (${ledger} ledger): episode ${table.ids[e]!}: loss at λ⊥ (grid index 0) is positive; expected 0 (stop-all executes nothing)`,
  );
}

/**
 * The union ledger's step losses straight from unionLossFrom (one unit at most, one class): what
 * the general builder makes, without a bigint and a map lookup per episode (the protocol's setup
 * builds it for five methods per run, and for every episode of a 10⁶ corpus).
 */
function unionStepLosses(table: BreakpointTable): StepLosses {
  const { n, G, unionLossFrom } = table;
  const start = new Int32Array(n + 1);
  const single = new Int32Array(n);
  let count = 0;
  for (let e = 0; e < n; e++) {
    const u = unionLossFrom[e]!;
    if (u < G) {
      if (u <= 0) throw lossAtBottom(table, e, 'union');
      count++;
    }
    start[e + 1] = count;
    single[e] = Math.min(u, G);
  }
  // the never slot is K·G: G with the one class, 0 when no episode loses (then there is no class)
  if (count === 0) single.fill(0);
  const at = new Int32Array(count);
  for (let e = 0, k = 0; e < n; e++) if (unionLossFrom[e]! < G) at[k++] = unionLossFrom[e]!;
  return {
    n,
    G,
    denominator: 1n,
    classUnits: count ? [1n] : [],
    start,
    at,
    cls: new Int32Array(count),
    maxUnits: count ? 1n : 0n,
    single,
  };
}

/**
 * Running-max envelope r̃_λ = max_{λ' ≤ λ} r_λ' of the raw step rate, exact. r is 0 below
 * u = unionLossFrom and 1/|P_g| from there on, and |P_g| only grows with g, so the envelope is a
 * single rise at u to 1/max(1, |P_u|); the common denominator is the lcm of those |P_u|.
 */
export function envelopeStepLosses(table: BreakpointTable): StepLosses {
  const { n, G } = table;
  const rise = new Int32Array(n);
  const ps = new Set<number>();
  for (let e = 0; e < n; e++) {
    const u = table.unionLossFrom[e]!;
    if (u >= G) continue;
    if (u <= 0)
      throw new Error(
        `breakpoint table ${table.method}: episode ${table.ids[e]!}: positive step rate at λ⊥; expected an empty prefix there`,
      );
    rise[e] = stepRateDenominator(table, e, u);
    ps.add(rise[e]!);
  }
  const D = lcm([...ps].sort((a, b) => a - b));
  const b = new Builder(n);
  for (let e = 0; e < n; e++) {
    const p = rise[e]!;
    if (p > 0) b.rise(table.unionLossFrom[e]!, D / BigInt(p));
    b.endEpisode(e, p > 0 ? D / BigInt(p) : 0n);
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
