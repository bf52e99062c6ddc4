import { LEDGER_CATEGORIES } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';
import { EventBuilder, type EventColumns } from './eventColumns.ts';
import type { LabelColumns } from './labelColumns.ts';
import { ledgerDenominator, type Ledger } from './ledgerLoss.ts';
import { gradedUnitPieces, stepRatePieces, type StepPieces } from './stepPieces.ts';
import { stepGrid, sumStepGrid, type StepGrid } from './stepGrid.ts';
import type { SplitResult } from './types.ts';
import { MetricRows, NULL_RATE } from './metricRows.ts';

/** Held-out metrics of one method at one grid index on one test fold (App. D.3). */
export type HeldOutMetrics = Pick<
  SplitResult,
  'loss' | 'intervention' | 'utility' | 'stepRate' | 'ctxSelected' | 'ctxFull' | 'harmStop' | 'benignStop'
>;

/**
 * Held-out metrics of one table on one test fold at every grid index at once. Each integer
 * metric (union loss count, stops, successes, Σ|C_t|, Σ|C_t^full|, harm / benign stops) is a
 * step function of g with at most T + 1 pieces per episode, so one pass over the fold's
 * breakpoints and a prefix sum over G give it at every g (O(Σ_test T + G) per split, O(1) per
 * λ̂). The step rate and the graded loss add fractions, so they are summed episode by episode
 * in test order over the episodes where they can be nonzero (adding 0 changes no double), so
 * every figure equals a row-by-row evaluation of the fold bit for bit; prepare() sums them at
 * all the grid indices a split asks for, four at a time, from a grid-major table of those
 * episodes' step values (stepGrid).
 */
export class HeldOutCurves {
  /** Per episode: the Eq. 2 context sums at g = 0 (Σ|C_t| selected, Σ|C_t^full|), summed per fold in a register. */
  private readonly sel0: Float64Array;
  private readonly full0: Float64Array;
  /** Their rises at g > 0 (integers: any summation order gives the same double). */
  private readonly ctx: EventColumns;
  private readonly benign: EventColumns | null;
  private readonly harmFrom: Int32Array | null;
  private readonly anyLoss: Int32Array;
  private readonly ratePieces: StepPieces;
  /** The step rate's grid table: built on the first prepare(), null when too large (then its pieces are walked). */
  private rateGrid: StepGrid | null | undefined = undefined;
  /** The graded units' grid table over the last graded ledger's divisor. */
  private gradedGrid: { divisor: number; grid: StepGrid | null } | null = null;
  /** Built on the first graded request: the union ledger (and the 10⁶ path) never needs it. */
  private gradedPieces: StepPieces | null = null;
  /** Counts per g, one slot past the grid: an episode whose change point is G (never) lands there, no branch. */
  private readonly loss: Int32Array;
  private readonly stops: Int32Array;
  private readonly wins: Int32Array;
  private readonly sel: Float64Array;
  private readonly full: Float64Array;
  private readonly harm: Float64Array;
  private readonly benignAt: Float64Array;
  private m = 0;
  private harmful = 0;
  private benignDen = 0;
  /** The fold's episodes with a union loss (step rate) and with any category's loss (graded), in test order. */
  private readonly rateSubset: Int32Array;
  private rateCount = 0;
  private readonly lossSubset: Int32Array;
  /** −1 until a graded request on the loaded fold lists its lossy episodes (the union ledger never does). */
  private lossCount = -1;
  private test: Int32Array = new Int32Array(0);
  /** Step-rate and graded-loss sums per g, valid where their stamp equals the fold's (or ledger's) epoch. */
  private readonly rateAt: Float64Array;
  private readonly rateStamp: Int32Array;
  private readonly gradedAt: Float64Array;
  private readonly gradedStamp: Int32Array;
  private epoch = 0;
  private gradedEpoch = 0;
  private gradedLedger: Ledger | null = null;
  /** The grid indices one prepare() call sums, ascending. */
  private readonly wanted: Int32Array;
  private readonly one = new MetricRows(1);
  /** Classes of alike episodes, built on the first large fold. */
  private alike: AlikeClasses | null = null;

  /**
   * `folds`: 1 for each episode a fold given to load() may hold (the union of the test folds), or
   * null for every episode. Only those get their context rises, benign-stop events and step-rate
   * pieces: 200 test folds of 600 name ~11% of 10⁶ graph-braid episodes, and the records of all of
   * them held 73 MB of buffers to the end of that run, where its memory peaks (peak RSS 999–1,006
   * MiB in four runs, 985–993 MiB with the folds' records only).
   */
  constructor(
    private readonly table: BreakpointTable,
    private readonly labels: LabelColumns | null,
    private readonly folds: Uint8Array | null = null,
  ) {
    const { n, G, stepOffset, executesFrom, contextSize } = table;
    this.sel0 = new Float64Array(n);
    this.full0 = new Float64Array(n);
    // scored prefix j(g) = |P_g| + 1 while stopped, T at the natural end; Σ|C_t| over it is a running
    // sum within the episode (j only grows), so no corpus-wide prefix array (10⁶ episodes: ~70 MB)
    const ctx = new EventBuilder(n, 2, contextEventCount(table, folds));
    for (let e = 0; e < n; e++) {
      if (folds && !folds[e]) {
        ctx.close(e);
        continue;
      }
      const base = stepOffset[e]!;
      const T = stepOffset[e + 1]! - base;
      let summed = 0;
      let sum = 0;
      let p = 0;
      while (p < T && executesFrom[base + p]! <= 0) p++;
      let j = p < T ? p + 1 : T;
      while (summed < j) sum += contextSize[base + summed++]!;
      let sel = (this.sel0[e] = sum);
      let full = (this.full0[e] = (j * (j + 1)) / 2);
      while (p < T && executesFrom[base + p]! < G) {
        const g = executesFrom[base + p]!;
        while (p < T && executesFrom[base + p]! <= g) p++;
        j = p < T ? p + 1 : T;
        while (summed < j) sum += contextSize[base + summed++]!;
        const f = (j * (j + 1)) / 2;
        ctx.push(g, sum - sel, f - full);
        sel = sum;
        full = f;
      }
      ctx.close(e);
    }
    this.ctx = ctx.done();
    const from = (e: number, t: number): number =>
      t < stepOffset[e + 1]! - stepOffset[e]! ? Math.min(G, executesFrom[stepOffset[e]! + t]!) : G;
    // the sink is prevented while |P_g| ≤ sinkStep, i.e. below the index where step sinkStep executes
    this.harmFrom = labels ? Int32Array.from({ length: n }, (_, e) => (labels.harmful[e] ? from(e, labels.sinkStep[e]!) : G)) : null;
    // graph-braid benign stop: the first rejection is step b exactly while from(b − 1) ≤ g < from(b)
    this.benign = labels && labels.benignRule !== 'ces' ? benignEvents(labels, n, G, stepOffset, from, folds) : null;
    const anyLoss = new Int32Array(n).fill(G);
    for (const k of LEDGER_CATEGORIES) {
      const lossFrom = table.lossFrom[k];
      for (let e = 0; e < n; e++) if (lossFrom[e]! < anyLoss[e]!) anyLoss[e] = lossFrom[e]!;
    }
    this.anyLoss = anyLoss;
    this.ratePieces = stepRatePieces(table, folds);
    this.loss = new Int32Array(G + 1);
    this.stops = new Int32Array(G + 1);
    this.wins = new Int32Array(G + 1);
    this.sel = new Float64Array(G);
    this.full = new Float64Array(G);
    this.harm = new Float64Array(G);
    this.benignAt = new Float64Array(G);
    this.rateSubset = new Int32Array(n);
    this.lossSubset = new Int32Array(n);
    this.rateAt = new Float64Array(G);
    this.rateStamp = new Int32Array(G);
    this.gradedAt = new Float64Array(G);
    this.gradedStamp = new Int32Array(G);
    this.wanted = new Int32Array(G);
  }

  /** Loads a test fold: O(Σ_test T + G). */
  load(test: Int32Array): void {
    const { G } = this.table;
    const folds = this.folds;
    if (folds)
      for (let i = 0; i < test.length; i++)
        if (!folds[test[i]!]) throw new Error(`HeldOutCurves: fold episode ${test[i]!} is not among the folds given; expected one of them`);
    const { loss, stops, wins, sel, full } = this;
    loss.fill(0);
    stops.fill(0);
    wins.fill(0);
    sel.fill(0);
    full.fill(0);
    this.m = test.length;
    this.epoch++;
    this.gradedEpoch++;
    // a fold holding a good share of the table counts episodes alike first (AgentDojo: ~640 of 2,587)
    if (test.length * 4 >= this.table.n) this.addAlike(test);
    else this.addEach(test);
    stops[0]! += test.length;
    this.lossCount = -1;
    this.test = test;
    if (this.labels) this.loadLabels(test);
    for (let g = 1; g < G; g++) {
      loss[g]! += loss[g - 1]!;
      stops[g]! += stops[g - 1]!;
      wins[g]! += wins[g - 1]!;
      sel[g]! += sel[g - 1]!;
      full[g]! += full[g - 1]!;
    }
  }

  /** Adds each test episode's counts and context rises (change points lie in 0 … G, G never: no branch per episode). */
  private addEach(test: Int32Array): void {
    const { G, runsFrom, successFrom, unionLossFrom } = this.table;
    const { loss, stops, wins, sel, full, sel0, full0, rateSubset } = this;
    const { offset, at, columns } = this.ctx;
    const dSel = columns[0]!;
    const dFull = columns[1]!;
    let rateCount = 0;
    let selAt0 = 0;
    let fullAt0 = 0;
    for (let i = 0; i < test.length; i++) {
      const e = test[i]!;
      const u = unionLossFrom[e]!;
      loss[u]!++;
      rateSubset[rateCount] = e;
      rateCount += (u - G) >>> 31;
      stops[runsFrom[e]!]!--;
      wins[successFrom[e]!]!++;
      selAt0 += sel0[e]!;
      fullAt0 += full0[e]!;
      for (let k = offset[e]!, end = offset[e + 1]!; k < end; k++) {
        const g = at[k]!;
        sel[g]! += dSel[k]!;
        full[g]! += dFull[k]!;
      }
    }
    sel[0]! += selAt0;
    full[0]! += fullAt0;
    this.rateCount = rateCount;
  }

  /**
   * addEach by classes of alike episodes (same change points and context rises): the fold's
   * episodes are counted per class, then each present class adds its counts times its size. Every
   * figure is an integer sum, so the order and grouping change no double.
   */
  private addAlike(test: Int32Array): void {
    const { loss, stops, wins, sel, full, rateSubset } = this;
    const { classLossy, size, lossAt, runsAt, winsAt, lastOfRun, sel0, full0, offset, at, dSel, dFull } = (this.alike ??= alikeClasses(
      this.table,
      this.sel0,
      this.full0,
      this.ctx,
    ));
    size.fill(0);
    let rateCount = 0;
    for (let i = 0; i < test.length; i++) {
      const e = test[i]!;
      const v = classLossy[e]!;
      size[v >> 1]!++;
      // the step rate's fractions are summed in test order: the lossy episodes listed in that order
      rateSubset[rateCount] = e;
      rateCount += v & 1;
    }
    this.rateCount = rateCount;
    let selAt0 = 0;
    let fullAt0 = 0;
    // class by class through columns laid out in class order: sequential reads. Classes of one change-point
    // triple are adjacent: their sizes are summed and the triple counted once, at the last of them
    let run = 0;
    for (let c = 0; c < size.length; c++) {
      const m = size[c]!;
      run += m;
      if (lastOfRun[c] === 1 && run !== 0) {
        loss[lossAt[c]!]! += run;
        stops[runsAt[c]!]! -= run;
        wins[winsAt[c]!]! += run;
        run = 0;
      }
      if (m === 0) continue;
      selAt0 += m * sel0[c]!;
      fullAt0 += m * full0[c]!;
      for (let k = offset[c]!, end = offset[c + 1]!; k < end; k++) {
        const g = at[k]!;
        sel[g]! += m * dSel[k]!;
        full[g]! += m * dFull[k]!;
      }
    }
    sel[0]! += selAt0;
    full[0]! += fullAt0;
  }

  /** The constructed suites' harm and benign stop counts of a fold, as step increments over g. */
  private loadLabels(test: Int32Array): void {
    const labels = this.labels!;
    const { G, runsFrom } = this.table;
    const { harm, benignAt: benign } = this;
    harm.fill(0);
    benign.fill(0);
    this.harmful = 0;
    this.benignDen = 0;
    for (let i = 0; i < test.length; i++) {
      const e = test[i]!;
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
          const r = runsFrom[e]!;
          if (r < G) benign[r]!--;
        }
      } else {
        this.benignDen++;
        const b = this.benign!;
        const d = b.columns[0]!;
        for (let k = b.offset[e]!, end = b.offset[e + 1]!; k < end; k++) benign[b.at[k]!]! += d[k]!;
      }
    }
    for (let g = 1; g < G; g++) {
      harm[g]! += harm[g - 1]!;
      benign[g]! += benign[g - 1]!;
    }
  }

  /**
   * Sums the step rate (and, for the graded ledger, the graded loss) of the loaded fold at every
   * grid index in `gs` not summed yet, over the contributing episodes: O(|subset| · |gs|) from the
   * pieces' grid table (O(|subset| · (|gs| + T)) walking the pieces when the table would be too
   * large). at() then reads them; at() without prepare() sums its own g alone.
   */
  prepare(gs: ArrayLike<number>, ledger: Ledger): void {
    const rate = this.wantedOf(gs, this.rateStamp, this.epoch, this.rateAt);
    if (rate) {
      if (this.rateGrid === undefined) this.rateGrid = stepGrid(this.ratePieces, this.table.n, this.table.G, 1);
      sumSteps(this.rateGrid, this.ratePieces, this.rateSubset, this.rateCount, this.wanted, rate, this.rateAt, 1);
    }
    if (ledger === 'union') return;
    if (this.gradedLedger !== ledger) {
      this.gradedLedger = ledger;
      this.gradedEpoch++;
    }
    const graded = this.wantedOf(gs, this.gradedStamp, this.gradedEpoch, this.gradedAt);
    if (!graded) return;
    const divisor = ledgerDenominator(ledger);
    const pieces = (this.gradedPieces ??= gradedUnitPieces(this.table, this.folds));
    if (this.gradedGrid?.divisor !== divisor) this.gradedGrid = { divisor, grid: stepGrid(pieces, this.table.n, this.table.G, divisor) };
    sumSteps(this.gradedGrid.grid, pieces, this.lossSubset, this.lossyEpisodes(), this.wanted, graded, this.gradedAt, divisor);
  }

  /** Lists the loaded fold's episodes with any category's loss in lossSubset (test order) once; their count. */
  private lossyEpisodes(): number {
    if (this.lossCount < 0) {
      const { test, anyLoss, lossSubset } = this;
      const G = this.table.G;
      let count = 0;
      for (let i = 0; i < test.length; i++) if (anyLoss[test[i]!]! < G) lossSubset[count++] = test[i]!;
      this.lossCount = count;
    }
    return this.lossCount;
  }

  /** The indices of gs whose stamp is stale, stamped and zeroed, ascending in `wanted`; their count. */
  private wantedOf(gs: ArrayLike<number>, stamp: Int32Array, epoch: number, sums: Float64Array): number {
    const wanted = this.wanted;
    let count = 0;
    for (let i = 0; i < gs.length; i++) {
      const g = gs[i]!;
      if (stamp[g] === epoch) continue;
      stamp[g] = epoch;
      sums[g] = 0;
      // insertion keeps `wanted` ascending (a split asks for a few dozen indices at most)
      let j = count++;
      while (j > 0 && wanted[j - 1]! > g) {
        wanted[j] = wanted[j - 1]!;
        j--;
      }
      wanted[j] = g;
    }
    return count;
  }

  /**
   * Metrics of the loaded fold at grid index g: mean ledger loss (union, or graded count / 5),
   * intervention (a proposal was rejected), autonomous success, raw step rate r, Eq. 2 context
   * sums over the scored proposals (0 when not `scored`), and the constructed-suite stop rates.
   */
  at(g: number, ledger: Ledger, scored: boolean): HeldOutMetrics {
    this.one.size = 0;
    return this.one.row(this.writeAt(g, ledger, scored, this.one));
  }

  /** at(g) appended to `rows` as one row (the protocol's form: no object per result); its index. */
  writeAt(g: number, ledger: Ledger, scored: boolean, rows: MetricRows): number {
    if (
      this.rateStamp[g] !== this.epoch ||
      (ledger !== 'union' && (this.gradedLedger !== ledger || this.gradedStamp[g] !== this.gradedEpoch))
    )
      this.prepare([g], ledger);
    const m = this.m;
    const i = rows.add();
    rows.loss[i] = (ledger === 'union' ? this.loss[g]! : this.gradedAt[g]!) / m;
    rows.intervention[i] = this.stops[g]! / m;
    rows.utility[i] = this.wins[g]! / m;
    rows.stepRate[i] = this.rateAt[g]! / m;
    rows.ctxSelected[i] = scored ? this.sel[g]! : 0;
    rows.ctxFull[i] = scored ? this.full[g]! : 0;
    rows.harmStop[i] = this.labels && this.harmful > 0 ? this.harm[g]! / this.harmful : NULL_RATE;
    rows.benignStop[i] = this.labels && this.benignDen > 0 ? this.benignAt[g]! / this.benignDen : NULL_RATE;
    return i;
  }
}

/**
 * Episodes grouped by identical held-out records: class per episode, a size counter per class, and
 * each class's change points (union loss, run to end, success), context sums at g = 0 and rises,
 * as columns in class order.
 */
interface AlikeClasses {
  /** Per episode: its class times 2, plus 1 when it has a union loss (one read in the fold's count). */
  classLossy: Int32Array;
  size: Int32Array;
  lossAt: Int32Array;
  runsAt: Int32Array;
  winsAt: Int32Array;
  /** 1 at the last class of a run of classes with the same change points (union loss, run to end, success). */
  lastOfRun: Uint8Array;
  sel0: Float64Array;
  full0: Float64Array;
  offset: Int32Array;
  at: Int32Array;
  dSel: Float64Array;
  dFull: Float64Array;
}

/** Classes of episodes whose change points (union loss, run to end, success), context sums and rises are all equal. O(n·T). */
function alikeClasses(table: BreakpointTable, sel0: Float64Array, full0: Float64Array, ctx: EventColumns): AlikeClasses {
  const { n, runsFrom, successFrom, unionLossFrom } = table;
  const { offset, at, columns } = ctx;
  const [dSel, dFull] = columns as [Float64Array, Float64Array];
  const same = (a: number, b: number): boolean => {
    if (unionLossFrom[a] !== unionLossFrom[b] || runsFrom[a] !== runsFrom[b] || successFrom[a] !== successFrom[b]) return false;
    if (sel0[a] !== sel0[b] || full0[a] !== full0[b] || offset[a + 1]! - offset[a]! !== offset[b + 1]! - offset[b]!) return false;
    for (let i = offset[a]!, j = offset[b]!; i < offset[a + 1]!; i++, j++)
      if (at[i] !== at[j] || dSel[i] !== dSel[j] || dFull[i] !== dFull[j]) return false;
    return true;
  };
  const mix = (h: number, v: number): number => Math.imul(h ^ (v | 0) ^ ((v / 4294967296) | 0), 16777619);
  const classOf = new Int32Array(n);
  const representative: number[] = [];
  const byHash = new Map<number, number[]>();
  let events = 0;
  for (let e = 0; e < n; e++) {
    let h = mix(mix(mix(mix(mix(2166136261, unionLossFrom[e]!), runsFrom[e]!), successFrom[e]!), sel0[e]!), full0[e]!);
    for (let k = offset[e]!; k < offset[e + 1]!; k++) h = mix(mix(mix(h, at[k]!), dSel[k]!), dFull[k]!);
    const candidates = byHash.get(h);
    let c = candidates?.find((r) => same(representative[r]!, e));
    if (c === undefined) {
      c = representative.length;
      representative.push(e);
      events += offset[e + 1]! - offset[e]!;
      if (candidates) candidates.push(c);
      else byHash.set(h, [c]);
    }
    classOf[e] = c;
  }
  const C = representative.length;
  // classes ordered by change-point triple (then first appearance), so that addAlike counts each triple once
  const triple = (a: number, b: number): number => {
    const ea = representative[a]!;
    const eb = representative[b]!;
    return unionLossFrom[ea]! - unionLossFrom[eb]! || runsFrom[ea]! - runsFrom[eb]! || successFrom[ea]! - successFrom[eb]!;
  };
  const rank = Array.from({ length: C }, (_, c) => c).sort((a, b) => triple(a, b) || a - b);
  const position = new Int32Array(C);
  rank.forEach((c, i) => (position[c] = i));
  const classLossy = new Int32Array(n);
  for (let e = 0; e < n; e++) classLossy[e] = (position[classOf[e]!]! << 1) | ((unionLossFrom[e]! - table.G) >>> 31);
  const out: AlikeClasses = {
    classLossy,
    size: new Int32Array(C),
    lossAt: new Int32Array(C),
    runsAt: new Int32Array(C),
    winsAt: new Int32Array(C),
    lastOfRun: new Uint8Array(C),
    sel0: new Float64Array(C),
    full0: new Float64Array(C),
    offset: new Int32Array(C + 1),
    at: new Int32Array(events),
    dSel: new Float64Array(events),
    dFull: new Float64Array(events),
  };
  let k = 0;
  rank.forEach((r, c) => {
    const e = representative[r]!;
    out.lastOfRun[c] = c + 1 === C || triple(r, rank[c + 1]!) !== 0 ? 1 : 0;
    out.lossAt[c] = unionLossFrom[e]!;
    out.runsAt[c] = runsFrom[e]!;
    out.winsAt[c] = successFrom[e]!;
    out.sel0[c] = sel0[e]!;
    out.full0[c] = full0[e]!;
    for (let j = offset[e]!; j < offset[e + 1]!; j++, k++) {
      out.at[k] = at[j]!;
      out.dSel[k] = dSel[j]!;
      out.dFull[k] = dFull[j]!;
    }
    out.offset[c + 1] = k;
  });
  return out;
}

/** How many context-sum rises HeldOutCurves records: per episode, one per distinct g in 1 … G − 1 where a proposal starts executing. */
function contextEventCount(table: BreakpointTable, folds: Uint8Array | null): number {
  const { n, G, stepOffset, executesFrom } = table;
  let count = 0;
  for (let e = 0; e < n; e++) {
    if (folds && !folds[e]) continue;
    let last = 0;
    for (let t = stepOffset[e]!, end = stepOffset[e + 1]!; t < end; t++) {
      const g = executesFrom[t]!;
      if (g >= G) break;
      if (g > last) {
        count++;
        last = g;
      }
    }
  }
  return count;
}

/** Graph-braid benign-stop events: +1 where step b becomes the first rejection, −1 where it executes. */
function benignEvents(
  labels: LabelColumns,
  n: number,
  G: number,
  stepOffset: Int32Array,
  from: (e: number, t: number) => number,
  folds: Uint8Array | null,
): EventColumns {
  const out = new EventBuilder(n, 1);
  for (let e = 0; e < n; e++) {
    if (folds && !folds[e]) {
      out.close(e);
      continue;
    }
    const steps = labels.benignLists[labels.benignList[e]!]!;
    for (let i = 0; i < steps.length; i++) {
      const b = steps[i]!;
      const lo = b === 0 ? 0 : from(e, b - 1);
      const hi = from(e, b);
      if (b < stepOffset[e + 1]! - stepOffset[e]! && lo < hi) {
        out.push(lo, 1);
        if (hi < G) out.push(hi, -1);
      }
    }
    out.close(e);
  }
  return out.done();
}

/**
 * out[g] += value / divisor of each subset episode's piece at g, for the `count` ascending
 * indices of `wanted`, episode by episode in subset (test) order: the additions a row-by-row
 * evaluation makes at each g, in its order, so the same bits (episodes below their first
 * piece add 0, which changes no double). From the pieces' grid table when they have one
 * (sumStepGrid), else walking the pieces: selected λ̂ mostly lie below an episode's first
 * loss, where an episode costs one comparison.
 */
function sumSteps(
  grid: StepGrid | null,
  pieces: StepPieces,
  subset: Int32Array,
  size: number,
  wanted: Int32Array,
  count: number,
  out: Float64Array,
  divisor: number,
): void {
  if (grid) {
    sumStepGrid(grid, subset, size, wanted, count, out);
    return;
  }
  if (count === 0) return;
  const { offset, from, value } = pieces;
  const top = wanted[count - 1]!;
  for (let i = 0; i < size; i++) {
    const e = subset[i]!;
    let k = offset[e]!;
    const end = offset[e + 1]!;
    if (k === end || from[k]! > top) continue;
    let j = 0;
    while (wanted[j]! < from[k]!) j++;
    for (; j < count; j++) {
      const g = wanted[j]!;
      while (k + 1 < end && from[k + 1]! <= g) k++;
      out[g]! += divisor === 1 ? value[k]! : value[k]! / divisor;
    }
  }
}
