import type { EpisodeLabels, LabelRows } from '@carb/episodes';
import { gridValue } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';
import { AlphaRuns } from './alphaRuns.ts';
import { HeldOutCurves } from './heldOutCurves.ts';
import { MetricRows } from './metricRows.ts';
import { calibrationLosses } from './calibrationLosses.ts';
import { budgetAsDouble, crcBudget, crcThresholdRuns, crcThresholdsInto } from './crcThreshold.ts';
import { checkDelta, type GuaranteeSpec } from './guaranteeSpec.ts';
import { calibrationSums, histogramScratch, type HistogramScratch } from './histogram.ts';
import { alignLabels, type BenignStopRule } from './labelColumns.ts';
import { METHOD_ORDER, calibrationTarget } from './methods.ts';
import { rationalValue } from '@carb/pipeline';
import type { Budget } from './budget.ts';
import type { Ledger } from './ledgerLoss.ts';
import type { LossKind } from './lossKind.ts';
import { lttThreshold } from './ltt.ts';
import { lttBudget } from './lttBudget.ts';
import { batchBudget } from './batchBudget.ts';
import { makeSplits, type Split, type SplitOptions } from './splits.ts';
import type { StepLosses } from './stepLosses.ts';
import { pairedSplitDiff, summarizeSplitCell, type PairedDiff } from './summarize.ts';
import { emptyCells, sameCell, type CellBuffers, type SplitCell } from './splitCell.ts';
import type { MethodName, SplitResult, SummaryRow } from './types.ts';

export interface ProtocolInput {
  /** One replayed breakpoint table per method, all on the same episodes in the same order. */
  tables: Partial<Record<MethodName, BreakpointTable>>;
  /** Budgets as decimal / fraction strings (`.05`, `1/493`). */
  alphas: readonly Budget[];
  /** Precomputed assignments, or a count of assignments to draw (seeds baseSeed … baseSeed + count − 1). */
  splits: readonly Split[] | number;
  /** Fold sizes when `splits` is a count (default ⌊n/2⌋ each). */
  nCal?: number;
  nTest?: number;
  splitRng?: SplitOptions['rng'];
  baseSeed?: number;
  unit?: SplitOptions['unit'];
  /** Ledger the loss-calibrated methods use and report (default union). */
  ledger?: Ledger;
  /** Construction labels (constructed suites), as objects or columns: enable harm / benign stop. */
  labels?: readonly EpisodeLabels[] | LabelRows;
  benignStop?: BenignStopRule;
  /**
   * How every loss-calibrated method picks λ̂: Eq. 1 (expectation, the default) or Learn-then-Test
   * (P(risk(λ̂) > α) ≤ δ over the calibration draw). With the latter every row carries
   * `guarantee: 'high-probability'` and summary rows `delta`; no guard is evaluated as always.
   */
  guarantee?: GuaranteeSpec;
  /** Paired differences are method − reference (default full-prefix when present). */
  reference?: MethodName;
  /** Budgets (α text) whose per-split rows `splitResults` lists; default every budget. Summary and paired rows cover all. */
  splitRowAlphas?: ReadonlySet<string>;
  onProgress?: (done: number, total: number) => void;
}

export interface ProtocolResult {
  splitResults: SplitResult[];
  summary: SummaryRow[];
  paired: PairedDiff[];
}

/** One fold size's budgets, and the same as ascending doubles when they are (Eq. 1 on double sums: the frontier's). */
interface BudgetSet {
  values: Array<bigint | number>;
  ascending: Float64Array | null;
}

interface Prepared {
  method: MethodName;
  table: BreakpointTable;
  curves: HeldOutCurves;
  target: 'none' | 'envelope' | 'ledger';
  losses: StepLosses | null;
  kind: LossKind | null;
  scratch: HistogramScratch | null;
  /** Eq. 1, LTT or batch budgets per "calibration-fold size:batch size", as doubles when the sums are. */
  budgets: Map<string, BudgetSet>;
  /** Split results per budget, in split order, as columns: filled from `runs` once every split is. */
  cells: SplitCell[];
  runs: AlphaRuns;
  /** Per grid index: the metrics row made for it on the split numbered by `stamp` (one row per distinct λ̂). */
  rowAt: Int32Array;
  stamp: Int32Array;
  /** λ value of each grid index. */
  lambdaValues: Float64Array;
  /** λ̂ per budget on the current split, where it is found budget by budget. */
  indices: Int32Array;
  /** λ̂ on the current split as runs over the budgets: the first budget of each run, its λ̂ (runCount runs). */
  runStart: Int32Array;
  runIndex: Int32Array;
  runCount: number;
  scored: boolean;
}

function checkSameEpisodes(tables: ReadonlyArray<readonly [MethodName, BreakpointTable]>): void {
  const [m0, t0] = tables[0]!;
  for (const [m, t] of tables) {
    if (t.n !== t0.n || t.G !== t0.G)
      throw new Error(`tables: ${m} has n=${t.n}, G=${t.G} but ${m0} has n=${t0.n}, G=${t0.G}; expected the same episodes and grid`);
    for (let e = 0; e < t.n; e++) {
      if (t.ids[e] !== t0.ids[e])
        throw new Error(`tables: ${m} episode ${e} is ${t.ids[e]!} but ${m0} has ${t0.ids[e]!}; expected the same episode order`);
    }
  }
}

/**
 * The calibration protocol (App. D): every method is calibrated by Eq. 1 (or Learn-then-Test,
 * `guarantee`) on the same calibration folds at every budget and evaluated on the same test
 * folds. Infeasible budgets (α < 1/(n+1); for LTT (1−α)^n > δ) are recorded with lambdaIndex −1
 * and evaluated at stop-all.
 * Per split and method: O(|cal| + G) for λ̂ at all budgets; per split and table O(Σ_test T + G)
 * for the held-out curves, then O(1) per distinct λ̂ (plus the episodes with a union loss);
 * memory O(n·T) (breakpoint columns, no episode × grid arrays).
 */
export function runProtocol(input: ProtocolInput): ProtocolResult {
  const entries = METHOD_ORDER.filter((m) => input.tables[m]).map((m) => [m, input.tables[m]!] as const);
  if (!entries.length) throw new Error('runProtocol: no outcome tables given; expected at least one method');
  checkSameEpisodes(entries);
  const t0 = entries[0]![1];
  const ledger = input.ledger ?? 'union';
  const guarantee = input.guarantee ?? { kind: 'expectation' };
  const delta = guarantee.kind === 'high-probability' ? checkDelta(guarantee.delta, 'runProtocol guarantee') : null;
  const batch = guarantee.kind === 'high-probability' ? (guarantee.batch ?? null) : null;
  const alphas = input.alphas;
  const splits: readonly Split[] =
    typeof input.splits === 'number'
      ? makeSplits(t0.ids, t0.groups, {
          count: input.splits,
          baseSeed: input.baseSeed ?? 0,
          rng: input.splitRng ?? 'python',
          unit: input.unit ?? 'episode',
          nCal: input.nCal ?? Math.floor(t0.n / 2),
          nTest: input.nTest ?? Math.floor(t0.n / 2),
        })
      : input.splits;
  for (const s of splits) checkSplit(s, t0.n);
  const labels = input.labels ? alignLabels(t0.ids, input.labels, input.benignStop) : null;

  const splitIndex = Int32Array.from(splits, (s) => s.index);
  // every method's held-out metrics, one row per (method, split, distinct λ̂): ~10 distinct λ̂ per split on the frontier
  const metrics = (scratch.metrics ??= new MetricRows()).reset(entries.length * splits.length * Math.min(alphas.length, 16));
  // methods replayed with the same selector share one table, hence one set of curves per split
  const curvesOf = new Map<BreakpointTable, HeldOutCurves>();
  const tested = testedEpisodes(splits, t0.n);
  const prepared: Prepared[] = entries.map(([method, table], i) => {
    let curves = curvesOf.get(table);
    if (!curves) curvesOf.set(table, (curves = new HeldOutCurves(table, labels, tested)));
    const target = calibrationTarget(method);
    const calibrated = calibrationLosses(method, table, ledger);
    const losses = calibrated?.losses ?? null;
    const maxCal = Math.max(0, ...splits.map((s) => s.cal.length));
    return {
      method,
      table,
      curves,
      target,
      losses,
      kind: calibrated?.kind ?? null,
      scratch: losses ? histogramScratch(losses, maxCal) : null,
      budgets: new Map(),
      cells: methodCells(i, alphas.length, splitIndex, metrics),
      runs: new AlphaRuns(splits.length, alphas.length),
      rowAt: new Int32Array(table.G),
      stamp: new Int32Array(table.G),
      lambdaValues: Float64Array.from({ length: table.G }, (_, g) => gridValue(table.grid, g)),
      indices: new Int32Array(alphas.length),
      runStart: new Int32Array(alphas.length),
      runIndex: new Int32Array(alphas.length),
      runCount: 0,
      scored: target !== 'none',
    };
  });

  const alphaValues = alphas.map(rationalValue);

  // the expectation path's rows keep their keys (byte-identical outputs)
  const tag: { guarantee?: 'high-probability'; batch?: number | 'fold' } =
    delta === null ? {} : batch === null ? { guarantee: 'high-probability' } : { guarantee: 'high-probability', batch };
  const tagged = delta !== null;

  // per split: every method's λ̂ at every budget first, then each table's fractional sums at the
  // distinct indices its methods selected (one pass), then every (method, α) is a lookup
  const curvesList = [...curvesOf.values()];
  const loop: SplitLoop = {
    prepared,
    curvesList,
    curvesIndex: Int32Array.from(prepared, (p) => curvesList.indexOf(p.curves)),
    wanted: curvesList.map(() => new Int32Array(prepared.length * alphas.length)),
    wantedCount: new Int32Array(curvesList.length),
    alphas,
    delta,
    batch,
    ledger,
    metrics,
  };
  for (let done = 0; done < splits.length; done++) {
    evaluateSplit(loop, splits[done]!, done);
    input.onProgress?.(done + 1, splits.length);
  }
  for (const p of prepared) p.runs.fillCells(p.cells, p.lambdaValues);

  const splitResults: SplitResult[] = [];
  const summary: SummaryRow[] = [];
  const rowTag = tagged ? tag : null;
  // budgets whose λ̂ is the same on every split (past the frontier's knee, and wherever the
  // criterion moves by less than a calibration unit) share their figures: one summary per distinct cell
  const canonical = prepared.map((p) => canonicalCells(p.cells));
  prepared.forEach((p, i) => {
    const same = canonical[i]!;
    const rows: SummaryRow[] = [];
    alphas.forEach((alpha, a) => {
      const cell = p.cells[a]!;
      if (!input.splitRowAlphas || input.splitRowAlphas.has(alpha.text))
        splitRowsOf(p.method, alphaValues[a]!, alpha.text, cell, rowTag, splitResults);
      const b = same[a]!;
      const row: SummaryRow =
        b < a ? { ...rows[b]!, alpha: alphaValues[a]! } : summarizeSplitCell(p.method, alphaValues[a]!, cell, p.target !== 'none');
      rows.push(row);
      summary.push(delta === null ? row : { ...tag, delta, ...row });
    });
  });
  const reference = input.reference ?? (input.tables['full-prefix'] ? 'full-prefix' : undefined);
  const paired: PairedDiff[] = [];
  if (reference) {
    if (!input.tables[reference]) throw new Error(`runProtocol: reference method ${reference} has no table`);
    const r = prepared.findIndex((p) => p.method === reference);
    const ref = prepared[r]!;
    prepared.forEach((p, i) => {
      if (p === ref) return;
      // one difference per distinct pair of cells (method's, reference's)
      const first = new Map<string, PairedDiff>();
      alphas.forEach((_, a) => {
        const key = `${canonical[i]![a]!}:${canonical[r]![a]!}`;
        const earlier = first.get(key);
        const d: PairedDiff = earlier
          ? { ...earlier, alpha: alphaValues[a]! }
          : pairedSplitDiff(p.method, reference, alphaValues[a]!, p.cells[a]!, ref.cells[a]!);
        if (!earlier) first.set(key, d);
        paired.push(delta === null ? d : { ...tag, ...d });
      });
    });
  }
  return { splitResults, summary, paired };
}

/**
 * Buffers a protocol run fills and drops (no result refers to them): kept for the next run, which
 * then touches no fresh memory (a frontier's cells and metric rows are ~3 MB, and first touches of
 * fresh pages cost this machine ~8 ms per MB).
 */
const scratch: { metrics: MetricRows | null; cells: Array<CellBuffers | null> } = { metrics: null, cells: [] };

/** Method slot i's cells over this run's splits, on the kept buffers. */
function methodCells(i: number, budgets: number, split: Int32Array, metrics: MetricRows): SplitCell[] {
  const { cells, buffers } = emptyCells(budgets, split, metrics, scratch.cells[i] ?? null);
  scratch.cells[i] = buffers;
  return cells;
}

/** What the split loop reads: the prepared methods, their tables' curves and per-split scratch. */
interface SplitLoop {
  prepared: Prepared[];
  curvesList: HeldOutCurves[];
  /** Per prepared method: its curves' index in curvesList. */
  curvesIndex: Int32Array;
  /** Per curves: the grid indices its methods selected on the current split (wantedCount of them). */
  wanted: Int32Array[];
  wantedCount: Int32Array;
  alphas: readonly Budget[];
  delta: number | null;
  batch: number | 'fold' | null;
  ledger: Ledger;
  metrics: MetricRows;
}

/** Every method's λ̂ and held-out metrics on split number `done` (its own function: V8 optimizes it once for all splits). */
function evaluateSplit(loop: SplitLoop, split: Split, done: number): void {
  const { prepared, curvesList, curvesIndex, wanted, wantedCount, alphas, ledger } = loop;
  wantedCount.fill(0);
  for (let i = 0; i < prepared.length; i++) {
    const p = prepared[i]!;
    selectLambdas(p, split, loop.delta, loop.batch, alphas);
    // infeasible: the criterion selects nothing, stop-all (λ⊥) is what remains deployable
    const c = curvesIndex[i]!;
    const list = wanted[c]!;
    let count = wantedCount[c]!;
    // a budget selecting the λ̂ of the budget before adds no grid index to sum: one per run
    for (let k = 0; k < p.runCount; k++) list[count++] = Math.max(0, p.runIndex[k]!);
    wantedCount[c] = count;
  }
  for (let c = 0; c < curvesList.length; c++) {
    curvesList[c]!.load(split.test);
    curvesList[c]!.prepare(wanted[c]!.subarray(0, wantedCount[c]), ledger);
  }
  for (const p of prepared) recordCells(p, done, ledger, loop.metrics);
}

/**
 * One method's λ̂ on split `done` as runs over the budgets (neighbouring budgets mostly share λ̂; past
 * the frontier's knee all do), one metrics row per grid index.
 */
function recordCells(p: Prepared, done: number, ledger: Ledger, metrics: MetricRows): void {
  const { runStart, runIndex, rowAt, stamp, runs } = p;
  for (let k = 0; k < p.runCount; k++) {
    const g = runIndex[k]!;
    const at = g < 0 ? 0 : g;
    if (stamp[at] !== done + 1) {
      stamp[at] = done + 1;
      rowAt[at] = p.curves.writeAt(at, ledger, p.scored, metrics);
    }
    runs.push(runStart[k]!, g, rowAt[at]!);
  }
  runs.endSplit(done);
}

/** 1 for each episode some test fold holds, or null when every episode is (AgentDojo's half/half folds). */
function testedEpisodes(splits: readonly Split[], n: number): Uint8Array | null {
  const tested = new Uint8Array(n);
  let count = 0;
  for (const s of splits)
    for (let i = 0; i < s.test.length; i++) {
      count += tested[s.test[i]!]! ^ 1;
      tested[s.test[i]!] = 1;
    }
  return count === n ? null : tested;
}

/** A split's folds are nonempty and name episodes of the tables. */
function checkSplit(s: Split, n: number): void {
  if (!s.cal.length || !s.test.length)
    throw new Error(`splits: split ${s.index} has ${s.cal.length} calibration and ${s.test.length} test episodes; expected both ≥ 1`);
  for (const fold of [s.cal, s.test])
    for (let i = 0; i < fold.length; i++) {
      const e = fold[i]!;
      if (e < 0 || e >= n) throw new Error(`splits: split ${s.index} names episode index ${e}; expected 0 … ${n - 1}`);
    }
}

/** One method's λ̂ at every budget on one split's calibration fold, as runs over the budgets (p.runStart, p.runIndex). */
function selectLambdas(p: Prepared, split: Split, delta: number | null, batch: number | 'fold' | null, alphas: readonly Budget[]): void {
  const indices = p.indices;
  if (!p.losses) {
    p.runStart[0] = 0;
    p.runIndex[0] = p.table.G - 1;
    p.runCount = alphas.length > 0 ? 1 : 0;
    return;
  }
  const sums = calibrationSums(p.losses, split.cal, p.scratch!);
  const m = batch === 'fold' ? split.test.length : (batch ?? 0);
  const key = `${split.cal.length}:${m}`;
  let budgets = p.budgets.get(key);
  if (!budgets) {
    const n = split.cal.length;
    const D = p.losses.denominator;
    if (batch !== null && p.kind !== 'binary')
      throw new Error(`runProtocol: the batch guarantee needs binary losses (union ledger); ${p.method} has ${p.kind ?? 'no'} losses`);
    const exact =
      delta === null
        ? alphas.map((a) => crcBudget(a, n, D))
        : batch === null
          ? alphas.map((a) => lttBudget(a, n, D, p.kind!, delta))
          : alphas.map((a) => batchBudget(a, n, m, D, delta));
    // converted once: per split only the sums change
    const values = sums instanceof Float64Array ? exact.map(budgetAsDouble) : exact;
    const ascending = delta === null && sums instanceof Float64Array && values.every((b, a) => a === 0 || b >= values[a - 1]!);
    budgets = { values, ascending: ascending ? Float64Array.from(values as number[]) : null };
    p.budgets.set(key, budgets);
  }
  if (budgets.ascending && sums instanceof Float64Array) {
    p.runCount = crcThresholdRuns(sums, budgets.ascending, p.runStart, p.runIndex);
    return;
  }
  const values = budgets.values;
  if (delta === null) crcThresholdsInto(sums, values, indices);
  else for (let a = 0; a < values.length; a++) indices[a] = lttThreshold(sums, values[a]!);
  let count = 0;
  for (let a = 0; a < indices.length; a++) {
    if (a > 0 && indices[a] === indices[a - 1]) continue;
    p.runStart[count] = a;
    p.runIndex[count++] = indices[a]!;
  }
  p.runCount = count;
}

/**
 * For each budget's cell, the first budget whose cell holds the same λ̂ and metrics on every split
 * (itself when none does): a hash of the λ̂ column picks the candidates, sameCell decides.
 */
function canonicalCells(cells: readonly SplitCell[]): Int32Array {
  const out = new Int32Array(cells.length);
  const byHash = new Map<number, number[]>();
  cells.forEach((cell, a) => {
    // a budget whose λ̂ changes on no split holds the cell of the budget before (AlphaRuns.fillCells)
    if (a > 0 && cell === cells[a - 1]) {
      out[a] = out[a - 1]!;
      return;
    }
    const h = columnHash(cell.lambdaIndex);
    const candidates = byHash.get(h);
    const b = candidates?.find((c) => sameCell(cells[c]!, cell));
    if (b === undefined) {
      out[a] = a;
      if (candidates) candidates.push(a);
      else byHash.set(h, [a]);
    } else out[a] = b;
  });
  return out;
}

/** A hash of an index column (a leaf function: V8 optimizes it within one protocol run). */
function columnHash(column: Int32Array): number {
  let h = 0;
  for (let i = 0; i < column.length; i++) h = (Math.imul(h, 31) + column[i]!) | 0;
  return h;
}

/**
 * The SplitResult rows of one cell, pushed onto `out` (a loop: 10⁵ rows pass the argument limit of
 * push(...)); high-probability rows carry the guarantee's keys first.
 */
function splitRowsOf(
  method: MethodName,
  alpha: number,
  alphaText: string,
  cell: SplitCell,
  tag: { guarantee?: 'high-probability'; batch?: number | 'fold' } | null,
  out: SplitResult[],
): void {
  for (let i = 0; i < cell.split.length; i++) {
    const m = cell.metrics.row(cell.row[i]!);
    const row: SplitResult = {
      method,
      alpha,
      alphaText,
      split: cell.split[i]!,
      lambdaIndex: cell.lambdaIndex[i]!,
      lambdaHat: Number.isNaN(cell.lambdaHat[i]!) ? null : cell.lambdaHat[i]!,
      loss: m.loss,
      intervention: m.intervention,
      utility: m.utility,
      stepRate: m.stepRate,
      ctxSelected: m.ctxSelected,
      ctxFull: m.ctxFull,
      harmStop: m.harmStop,
      benignStop: m.benignStop,
    };
    out.push(tag ? { ...tag, ...row } : row);
  }
}
