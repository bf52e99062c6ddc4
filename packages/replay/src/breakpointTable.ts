import type { Episode } from '@carb/episodes';
import type { FirstSteps, LedgerTrace } from '@carb/ledger';
import { LEDGER_CATEGORIES, gridSize, type GridConfig, type LedgerCategory } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';

/** One episode's λ-free replay facts: per-step allowing index and context size. */
export interface EpisodeReplay {
  allowFrom: ArrayLike<number>;
  contextSize: ArrayLike<number>;
}

/** What a breakpoint table reads of an episode (an Episode is one): its step count, not its steps. */
export type TableEpisode = Pick<Episode, 'id' | 'group' | 'outcome'> & { steps: { length: number } };

/**
 * Builds the breakpoint table of n episodes from their per-step allowing indices (scoreEpisode)
 * and ledger traces. The reference construction: any faster path must produce the same table.
 */
export function breakpointTable(
  method: string,
  grid: GridConfig,
  episodes: readonly Episode[],
  replays: readonly EpisodeReplay[],
  traces: readonly LedgerTrace[],
): BreakpointTable {
  const table = allocateBreakpointTable(method, grid, episodes);
  for (let e = 0; e < episodes.length; e++) fillBreakpointRow(table, e, episodes[e]!, replays[e]!, traces[e]!.firstStep);
  return table;
}

/**
 * The columns of a breakpoint table for `episodes`, sized from their step counts; per-episode
 * facts are zero until fillBreakpointRow writes them. A replay keeps only what each episode's rows
 * need until then (FusedReplayRows: its step count, outcome, first ledger steps and scores), not the episode.
 */
export function allocateBreakpointTable(method: string, grid: GridConfig, episodes: readonly TableEpisode[]): BreakpointTable {
  const G = gridSize(grid);
  const n = episodes.length;
  const stepOffset = new Int32Array(n + 1);
  for (let e = 0; e < n; e++) stepOffset[e + 1] = stepOffset[e]! + episodes[e]!.steps.length;
  const S = stepOffset[n]!;
  const lossFrom = {} as Record<LedgerCategory, Int32Array>;
  for (const k of LEDGER_CATEGORIES) lossFrom[k] = new Int32Array(n);
  return {
    method,
    grid,
    G,
    n,
    ids: episodes.map((e) => e.id),
    groups: episodes.map((e) => e.group),
    stepOffset,
    executesFrom: new Int32Array(S),
    contextSize: new Int32Array(S),
    taskCompleted: Uint8Array.from(episodes, (e) => (e.outcome.taskCompleted ? 1 : 0)),
    successFrom: new Int32Array(n),
    runsFrom: new Int32Array(n),
    unionFirstStep: new Int32Array(n),
    unionLossFrom: new Int32Array(n),
    lossFrom,
  };
}

/** Writes episode e's steps and per-episode facts into `table` (allocated for its corpus). */
export function fillBreakpointRow(
  table: BreakpointTable,
  e: number,
  episode: TableEpisode,
  replay: EpisodeReplay,
  firstStep: LedgerTrace['firstStep'],
): void {
  const { G, executesFrom, contextSize } = table;
  const { allowFrom, contextSize: ctx } = replay;
  const T = episode.steps.length;
  const base = table.stepOffset[e]!;
  let runningMax = 0;
  for (let t = 0; t < T; t++) {
    runningMax = Math.max(runningMax, allowFrom[t]!);
    executesFrom[base + t] = runningMax;
    contextSize[base + t] = ctx[t]!;
  }
  // a step that is never proposed in full (runningMax = G) never executes: its facts start at G
  const from = (t: number): number => (t < 0 || t >= T ? G : Math.min(G, executesFrom[base + t]!));
  table.runsFrom[e] = T === 0 ? 0 : Math.min(G, runningMax);
  writeLedgerColumns(table, e, firstStep, [], false);
  const completedAt = episode.outcome.completedAtStep;
  table.successFrom[e] = !episode.outcome.taskCompleted ? G : completedAt === null ? table.runsFrom[e] : from(completedAt);
}

/**
 * Rewrites episode e's ledger columns from first steps found outside the replay (an external
 * events file, a detector's custom category): `keep` unions them with the row's current columns
 * (the earlier first step wins), otherwise they replace them. Reads only the row's executesFrom,
 * so a loss still starts at the grid index where its step first executes: 0 at λ⊥, monotone.
 */
export function mergeLedgerRow(table: BreakpointTable, e: number, steps: FirstSteps, keep: boolean): void {
  writeLedgerColumns(table, e, steps.firstStep, Object.values(steps.customFirstStep ?? {}), keep);
}

/**
 * Episode e's ledger columns from the first step of each category (−1: never) and of further
 * union-only categories: a loss starts at the grid index where its step first executes. `keep`
 * unions them with the columns the row holds (the earlier first step wins); the row's
 * executesFrom must be written already.
 */
function writeLedgerColumns(
  table: BreakpointTable,
  e: number,
  firstStep: LedgerTrace['firstStep'],
  unionOnly: readonly number[],
  keep: boolean,
): void {
  const { G, executesFrom, lossFrom } = table;
  const base = table.stepOffset[e]!;
  const T = table.stepOffset[e + 1]! - base;
  // a step that is never proposed in full never executes: its facts start at G
  const from = (t: number): number => (t < 0 || t >= T ? G : Math.min(G, executesFrom[base + t]!));
  let union = keep ? table.unionFirstStep[e]! : -1;
  const earlier = (f: number) => {
    if (f >= 0 && f < T && (union < 0 || f < union)) union = f;
  };
  for (const k of LEDGER_CATEGORIES) {
    const f = firstStep[k];
    const at = f >= 0 ? from(f) : G;
    lossFrom[k][e] = keep ? Math.min(lossFrom[k][e]!, at) : at;
    earlier(f);
  }
  for (const f of unionOnly) earlier(f);
  table.unionFirstStep[e] = union;
  table.unionLossFrom[e] = union >= 0 ? from(union) : G;
}
