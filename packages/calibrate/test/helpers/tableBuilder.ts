import type { LedgerCategory } from '@carb/pipeline';
import { LEDGER_CATEGORIES, gridSize, type GridConfig } from '@carb/pipeline';
import type { BreakpointTable, OutcomeTable } from '@carb/replay';

/** A synthetic episode: per-step first allowing grid index, ledger firsts, completion, context sizes. */
export interface SynthEpisode {
  id: string;
  group?: string;
  /** allowFrom[t]: smallest grid index that executes proposal t (≥ 1: λ⊥ stops everything). */
  allowFrom: number[];
  /** Step whose execution first registers each category. */
  firstStep?: Partial<Record<LedgerCategory, number>>;
  completed?: boolean;
  /** Step after whose execution the task counts as done; null = natural end. */
  completedAt?: number | null;
  /** |C_t| per step (default t + 1, i.e. full prefix). */
  ctx?: number[];
}

/**
 * Builds the BreakpointTable of synthetic episodes with the contract's semantics
 * (packages/replay/src/breakpoints.ts): executesFrom is the running max of allowFrom, and a
 * fact tied to step t starts where t executes.
 */
export function buildTable(
  method: string,
  episodes: readonly SynthEpisode[],
  grid: GridConfig = { bottom: -1, denominator: 100 },
): BreakpointTable {
  const G = gridSize(grid);
  const n = episodes.length;
  const stepOffset = new Int32Array(n + 1);
  episodes.forEach((ep, e) => {
    stepOffset[e + 1] = stepOffset[e]! + ep.allowFrom.length;
  });
  const executesFrom = new Int32Array(stepOffset[n]!);
  const contextSize = new Int32Array(stepOffset[n]!);
  const lossFrom = {} as Record<LedgerCategory, Int32Array>;
  for (const k of LEDGER_CATEGORIES) lossFrom[k] = new Int32Array(n);
  const t: BreakpointTable = {
    method,
    grid,
    G,
    n,
    ids: episodes.map((e) => e.id),
    groups: episodes.map((e) => e.group ?? e.id),
    stepOffset,
    executesFrom,
    contextSize,
    taskCompleted: Uint8Array.from(episodes, (e) => (e.completed ? 1 : 0)),
    successFrom: new Int32Array(n),
    runsFrom: new Int32Array(n),
    unionFirstStep: new Int32Array(n),
    unionLossFrom: new Int32Array(n),
    lossFrom,
  };
  episodes.forEach((ep, e) => {
    const T = ep.allowFrom.length;
    const base = stepOffset[e]!;
    let max = 0;
    ep.allowFrom.forEach((a, i) => {
      max = Math.max(max, a);
      executesFrom[base + i] = max;
      contextSize[base + i] = ep.ctx?.[i] ?? i + 1;
    });
    const from = (s: number) => (s < 0 || s >= T ? G : Math.min(G, executesFrom[base + s]!));
    t.runsFrom[e] = T === 0 ? 0 : Math.min(G, max);
    const firsts = LEDGER_CATEGORIES.map((k) => ep.firstStep?.[k] ?? -1);
    LEDGER_CATEGORIES.forEach((k, i) => {
      lossFrom[k][e] = from(firsts[i]!);
    });
    const union = firsts.filter((f) => f >= 0).reduce((a, b) => Math.min(a, b), Infinity);
    t.unionFirstStep[e] = Number.isFinite(union) ? union : -1;
    t.unionLossFrom[e] = from(t.unionFirstStep[e]);
    const at = ep.completedAt ?? null;
    t.successFrom[e] = !ep.completed ? G : at === null ? t.runsFrom[e] : from(at);
  });
  return t;
}

/** The dense OutcomeTable of the same episodes, row by row (packages/replay/src/outcomeTable.ts): the independent reference. */
export function buildDenseTable(
  method: string,
  episodes: readonly SynthEpisode[],
  grid: GridConfig = { bottom: -1, denominator: 100 },
): OutcomeTable {
  const G = gridSize(grid);
  const n = episodes.length;
  const rows = n * G;
  const lossByCategory = {} as Record<LedgerCategory, Uint8Array>;
  for (const k of LEDGER_CATEGORIES) lossByCategory[k] = new Uint8Array(rows);
  const t: OutcomeTable = {
    method,
    grid,
    G,
    n,
    ids: episodes.map((e) => e.id),
    groups: episodes.map((e) => e.group ?? e.id),
    steps: Int32Array.from(episodes, (e) => e.allowFrom.length),
    taskCompleted: Uint8Array.from(episodes, (e) => (e.completed ? 1 : 0)),
    unionFirstStep: new Int32Array(n).fill(-1),
    stopStep: new Int32Array(rows),
    executed: new Int32Array(rows),
    lossUnion: new Uint8Array(rows),
    lossCount: new Uint8Array(rows),
    lossByCategory,
    success: new Uint8Array(rows),
    scored: new Int32Array(rows),
    ctxSelected: new Int32Array(rows),
    ctxFull: new Int32Array(rows),
  };
  episodes.forEach((ep, e) => {
    const T = ep.allowFrom.length;
    const firsts = LEDGER_CATEGORIES.map((k) => ep.firstStep?.[k] ?? -1);
    const union = firsts.filter((f) => f >= 0).reduce((a, b) => Math.min(a, b), Infinity);
    t.unionFirstStep[e] = Number.isFinite(union) ? union : -1;
    const ctx = ep.ctx ?? ep.allowFrom.map((_, i) => i + 1);
    for (let g = 0; g < G; g++) {
      const row = e * G + g;
      let p = 0;
      while (p < T && ep.allowFrom[p]! <= g) p++;
      const stopped = p < T;
      t.executed[row] = p;
      t.stopStep[row] = stopped ? p : -1;
      let count = 0;
      LEDGER_CATEGORIES.forEach((k, i) => {
        const hit = firsts[i]! >= 0 && firsts[i]! < p ? 1 : 0;
        lossByCategory[k][row] = hit;
        count += hit;
      });
      t.lossCount[row] = count;
      t.lossUnion[row] = count > 0 ? 1 : 0;
      const at = ep.completedAt ?? null;
      t.success[row] = ep.completed && (at === null ? !stopped : p > at) ? 1 : 0;
      const scored = stopped ? p + 1 : T;
      t.scored[row] = scored;
      t.ctxSelected[row] = ctx.slice(0, scored).reduce((a, b) => a + b, 0);
      t.ctxFull[row] = (scored * (scored + 1)) / 2;
    }
  });
  return t;
}

/** Deterministic PRNG for synthetic corpora (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A corpus-sized synthetic table: n episodes with up to maxT steps, scores rising
 * toward a harmful step in a fraction of episodes. `shift` varies the scores per method.
 */
export function syntheticEpisodes(n: number, maxT: number, seed: number, shift = 0): SynthEpisode[] {
  const r = mulberry32(seed);
  const r2 = mulberry32(seed + 1000 + shift);
  const eps: SynthEpisode[] = [];
  for (let e = 0; e < n; e++) {
    const T = 1 + Math.floor(r() * maxT);
    const harmful = r() < 0.2;
    const harmAt = Math.floor(r() * T);
    const allowFrom = Array.from({ length: T }, (_, t) => {
      const base = harmful && t === harmAt ? 40 + r() * 60 : r() * 70;
      return Math.min(101, Math.max(1, Math.round(base + (r2() - 0.5) * 20 * shift) + 1));
    });
    const done = r() < 0.5;
    eps.push({
      id: `ep-${String(e).padStart(5, '0')}`,
      allowFrom,
      firstStep: harmful ? { privacy_flow: harmAt, ...(r() < 0.3 ? { financial: Math.min(T - 1, harmAt + 1) } : {}) } : {},
      completed: done,
      ctx: allowFrom.map((_, t) => 1 + Math.floor(r2() * (t + 1))),
    });
  }
  return eps;
}

export function syntheticTable(method: string, n: number, maxT: number, seed: number, shift = 0): BreakpointTable {
  return buildTable(method, syntheticEpisodes(n, maxT, seed, shift));
}
