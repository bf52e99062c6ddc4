import { LEDGER_CATEGORIES } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';
import { contextPrefix } from './contextPrefix.ts';
import type { LabelColumns } from './labelColumns.ts';
import { ledgerDenominator, type Ledger } from './ledgerLoss.ts';
import { executedCount, stepRateDenominator } from './stepRate.ts';
import type { SplitResult } from './types.ts';

/** Held-out metrics of one method at one grid index on one test fold (App. D.3). */
export type HeldOutMetrics = Pick<
  SplitResult,
  'loss' | 'intervention' | 'utility' | 'stepRate' | 'ctxSelected' | 'ctxFull' | 'harmStop' | 'benignStop'
>;

/**
 * at() calls per loaded fold answered episode by episode before the step rate (and graded loss) are
 * filled for every grid index in one pass: a pass costs about as much as G / 4 single lookups.
 */
const DENSE_AFTER = 24;

/** Per-episode step events (CSR): at grid index at[i] a count or sum rises by the i-th delta. */
interface Events {
  offset: Int32Array;
  at: Int32Array;
  delta: Float64Array[];
}

function buildEvents(n: number, columns: number, emit: (e: number, push: (g: number, ...d: number[]) => void) => void): Events {
  const offset = new Int32Array(n + 1);
  const at: number[] = [];
  const delta: number[][] = Array.from({ length: columns }, () => []);
  const push = (g: number, ...d: number[]) => {
    at.push(g);
    d.forEach((v, c) => delta[c]!.push(v));
  };
  for (let e = 0; e < n; e++) {
    emit(e, push);
    offset[e + 1] = at.length;
  }
  return { offset, at: Int32Array.from(at), delta: delta.map((d) => Float64Array.from(d)) };
}

/**
 * Held-out metrics of one table on one test fold at every grid index at once. Each integer
 * metric (union loss count, stops, successes, Σ|C_t|, Σ|C_t^full|, harm / benign stops) is a
 * step function of g with at most T + 1 pieces per episode, so one pass over the fold's
 * breakpoints and a prefix sum over G give it at every g (O(Σ_test T + G) per split, O(1) per
 * λ̂). The step rate and the graded loss add fractions, so they are summed episode by episode
 * in test order over the episodes where they can be nonzero (adding 0 changes no double), so
 * every figure equals a row-by-row evaluation of the fold bit for bit.
 */
export class HeldOutCurves {
  private readonly ctx: Events;
  private readonly benign: Events | null;
  private readonly harmFrom: Int32Array | null;
  private readonly anyLoss: Int32Array;
  private readonly curves: Float64Array[];
  private m = 0;
  private harmful = 0;
  private benignDen = 0;
  private readonly rateSubset: number[] = [];
  private readonly lossSubset: number[] = [];
  /** at() calls since load, and the step-rate / graded-loss sums at every g once enough calls ask for them. */
  private calls = 0;
  private readonly rateAt: Float64Array;
  private readonly gradedAt: Float64Array;
  private rateReady = false;
  private gradedLedger: Ledger | null = null;

  constructor(
    private readonly table: BreakpointTable,
    private readonly labels: LabelColumns | null,
  ) {
    const { n, G, stepOffset, executesFrom } = table;
    const prefix = contextPrefix(table);
    // scored prefix j(g) = |P_g| + 1 while stopped, T at the natural end
    this.ctx = buildEvents(n, 2, (e, push) => {
      const base = stepOffset[e]!;
      const T = stepOffset[e + 1]! - base;
      const value = (p: number): [number, number] => {
        const j = p < T ? p + 1 : T;
        return [prefix[base + e + j]!, (j * (j + 1)) / 2];
      };
      let p = 0;
      while (p < T && executesFrom[base + p]! <= 0) p++;
      let [sel, full] = value(p);
      push(0, sel, full);
      while (p < T && executesFrom[base + p]! < G) {
        const g = executesFrom[base + p]!;
        while (p < T && executesFrom[base + p]! <= g) p++;
        const [s, f] = value(p);
        push(g, s - sel, f - full);
        [sel, full] = [s, f];
      }
    });
    const from = (e: number, t: number): number =>
      t < stepOffset[e + 1]! - stepOffset[e]! ? Math.min(G, executesFrom[stepOffset[e]! + t]!) : G;
    // the sink is prevented while |P_g| ≤ sinkStep, i.e. below the index where step sinkStep executes
    this.harmFrom = labels ? Int32Array.from({ length: n }, (_, e) => (labels.harmful[e] ? from(e, labels.sinkStep[e]!) : G)) : null;
    // graph-braid benign stop: the first rejection is step b exactly while from(b − 1) ≤ g < from(b)
    this.benign =
      labels && labels.benignRule !== 'ces'
        ? buildEvents(n, 1, (e, push) => {
            for (let i = labels.benignOffset[e]!; i < labels.benignOffset[e + 1]!; i++) {
              const b = labels.benignSteps[i]!;
              const lo = b === 0 ? 0 : from(e, b - 1);
              const hi = from(e, b);
              if (b < stepOffset[e + 1]! - stepOffset[e]! && lo < hi) {
                push(lo, 1);
                if (hi < G) push(hi, -1);
              }
            }
          })
        : null;
    this.anyLoss = Int32Array.from({ length: n }, (_, e) => Math.min(...LEDGER_CATEGORIES.map((k) => table.lossFrom[k][e]!)));
    this.curves = Array.from({ length: 7 }, () => new Float64Array(G));
    this.rateAt = new Float64Array(G);
    this.gradedAt = new Float64Array(G);
  }

  /** Loads a test fold: O(Σ_test T + G). */
  load(test: Int32Array): void {
    const { G, runsFrom, successFrom, unionLossFrom } = this.table;
    const [loss, stops, wins, sel, full, harm, benign] = this.curves as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    for (const c of this.curves) c.fill(0);
    const labels = this.labels;
    this.m = test.length;
    this.harmful = 0;
    this.benignDen = 0;
    // reused across folds: the subsets are rebuilt in test order below
    const rateSubset = this.rateSubset;
    const lossSubset = this.lossSubset;
    rateSubset.length = 0;
    lossSubset.length = 0;
    const anyLoss = this.anyLoss;
    this.calls = 0;
    this.rateReady = false;
    this.gradedLedger = null;
    const { offset, at, delta } = this.ctx;
    const [dSel, dFull] = delta as [Float64Array, Float64Array];
    for (let i = 0; i < test.length; i++) {
      const e = test[i]!;
      const u = unionLossFrom[e]!;
      if (u < G) {
        loss[u]!++;
        rateSubset.push(e);
      }
      if (anyLoss[e]! < G) lossSubset.push(e);
      const r = runsFrom[e]!;
      if (r < G) stops[r]!--;
      stops[0]!++;
      const s = successFrom[e]!;
      if (s < G) wins[s]!++;
      for (let k = offset[e]!, end = offset[e + 1]!; k < end; k++) {
        sel[at[k]!]! += dSel[k]!;
        full[at[k]!]! += dFull[k]!;
      }
      if (labels) {
        if (labels.harmful[e]) {
          this.harmful++;
          harm[0]!++;
          const h = this.harmFrom![e]!;
          if (h < G) harm[h]!--;
        }
        if (labels.benignRule === 'ces') {
          if (!labels.harmful[e]) {
            this.benignDen++;
            benign[0]!++;
            if (r < G) benign[r]!--;
          }
        } else {
          this.benignDen++;
          const b = this.benign!;
          for (let k = b.offset[e]!, end = b.offset[e + 1]!; k < end; k++) benign[b.at[k]!]! += b.delta[0]![k]!;
        }
      }
    }
    for (const c of this.curves) for (let g = 1; g < G; g++) c[g]! += c[g - 1]!;
  }

  /**
   * Metrics of the loaded fold at grid index g: mean ledger loss (union, or graded count / 5),
   * intervention (a proposal was rejected), autonomous success, raw step rate r, Eq. 2 context
   * sums over the scored proposals (0 when not `scored`), and the constructed-suite stop rates.
   */
  at(g: number, ledger: Ledger, scored: boolean): HeldOutMetrics {
    const [loss, stops, wins, sel, full, harm, benign] = this.curves as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    // past a few distinct λ̂ per fold (the dense frontier), one pass fills every g at once
    const dense = ++this.calls > DENSE_AFTER;
    let lossSum = loss[g]!;
    if (ledger !== 'union') {
      if (dense && this.gradedLedger !== ledger) this.fillGraded(ledger);
      lossSum = dense ? this.gradedAt[g]! : this.gradedSum(g, ledger);
    }
    if (dense && !this.rateReady) this.fillRate();
    const rate = dense ? this.rateAt[g]! : this.rateSum(g);
    const m = this.m;
    return {
      loss: lossSum / m,
      intervention: stops[g]! / m,
      utility: wins[g]! / m,
      stepRate: rate / m,
      ctxSelected: scored ? sel[g]! : 0,
      ctxFull: scored ? full[g]! : 0,
      harmStop: this.labels && this.harmful > 0 ? harm[g]! / this.harmful : null,
      benignStop: this.labels && this.benignDen > 0 ? benign[g]! / this.benignDen : null,
    };
  }

  /**
   * The graded loss sum at g: units / denominator added episode by episode in test order over the
   * episodes with a loss (adding 0 changes no double), so the fraction sums are the same bits whichever
   * of gradedSum / fillGraded computes them.
   */
  private gradedSum(g: number, ledger: Ledger): number {
    const table = this.table;
    const denominator = ledgerDenominator(ledger);
    let lossSum = 0;
    for (const e of this.lossSubset) {
      let units = 0;
      for (const k of LEDGER_CATEGORIES) if (g >= table.lossFrom[k][e]!) units++;
      lossSum += units / denominator;
    }
    return lossSum;
  }

  /** gradedSum at every g: each episode's term added at each g in the same test order. */
  private fillGraded(ledger: Ledger): void {
    const { G, lossFrom } = this.table;
    const denominator = ledgerDenominator(ledger);
    const out = this.gradedAt.fill(0);
    for (const e of this.lossSubset) {
      for (let g = this.anyLoss[e]!; g < G; g++) {
        let units = 0;
        for (const k of LEDGER_CATEGORIES) if (g >= lossFrom[k][e]!) units++;
        out[g]! += units / denominator;
      }
    }
    this.gradedLedger = ledger;
  }

  /** Σ 1/r over the fold's episodes with a union loss at g, in test order (r = 0 adds nothing). */
  private rateSum(g: number): number {
    const table = this.table;
    let rate = 0;
    // module bindings read once: some loaders turn each imported-name read into a getter call
    const count = executedCount;
    const rateOf = stepRateDenominator;
    for (const e of this.rateSubset) {
      const r = rateOf(table, e, g, count(table, e, g));
      if (r > 0) rate += 1 / r;
    }
    return rate;
  }

  /** rateSum at every g: each episode's 1/r added at every g where it is nonzero, in the same test order. */
  private fillRate(): void {
    const table = this.table;
    const { G, unionLossFrom } = table;
    const out = this.rateAt.fill(0);
    const count = executedCount;
    const rateOf = stepRateDenominator;
    for (const e of this.rateSubset) {
      for (let g = unionLossFrom[e]!; g < G; g++) {
        const r = rateOf(table, e, g, count(table, e, g));
        if (r > 0) out[g]! += 1 / r;
      }
    }
    this.rateReady = true;
  }
}
