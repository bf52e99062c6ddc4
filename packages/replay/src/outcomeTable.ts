import type { Episode } from '@carb/episodes';
import { LEDGER_CATEGORIES, gridSize, type GridConfig, type LedgerCategory } from '@carb/pipeline';
import type { OutcomeTable } from './outcome.ts';

/** Allocates an outcome table for n episodes on a grid. */
export function allocateOutcomeTable(method: string, grid: GridConfig, episodes: readonly Episode[]): OutcomeTable {
  return emptyOutcomeTable(method, grid, {
    ids: episodes.map((e) => e.id),
    groups: episodes.map((e) => e.group),
    steps: Int32Array.from(episodes, (e) => e.steps.length),
    taskCompleted: Uint8Array.from(episodes, (e) => (e.outcome.taskCompleted ? 1 : 0)),
    unionFirstStep: new Int32Array(episodes.length).fill(-1),
  });
}

/** The columns of an outcome table with one entry per episode (its other columns have one per episode and grid index). */
export type EpisodeColumns = Pick<OutcomeTable, 'ids' | 'groups' | 'steps' | 'taskCompleted' | 'unionFirstStep'>;

/** An outcome table of `episodes` on `grid` with every episode × grid row still zero: replay or a breakpoint table fills them. */
export function emptyOutcomeTable(method: string, grid: GridConfig, episodes: EpisodeColumns): OutcomeTable {
  const G = gridSize(grid);
  const n = episodes.ids.length;
  const rows = n * G;
  const lossByCategory = {} as Record<LedgerCategory, Uint8Array>;
  for (const k of LEDGER_CATEGORIES) lossByCategory[k] = new Uint8Array(rows);
  return {
    method,
    grid,
    G,
    n,
    ids: episodes.ids,
    groups: episodes.groups,
    steps: episodes.steps,
    taskCompleted: episodes.taskCompleted,
    unionFirstStep: episodes.unionFirstStep,
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
}

/**
 * Fills episode e's rows from its stopped-prefix length at every grid index.
 * `firstStep[k]` is the step whose execution first registers category k (−1 never);
 * `contextSize[t]` is |C_t|.
 */
export function fillEpisodeRows(
  table: OutcomeTable,
  e: number,
  episode: Episode,
  prefixLengths: ArrayLike<number>,
  firstStep: Record<LedgerCategory, number>,
  contextSize: ArrayLike<number>,
): void {
  const { G } = table;
  const T = episode.steps.length;
  let union = -1;
  for (const k of LEDGER_CATEGORIES) {
    const f = firstStep[k];
    if (f >= 0 && (union < 0 || f < union)) union = f;
  }
  table.unionFirstStep[e] = union;
  // cumulative context sizes so each grid index reads its Σ|C_t| in O(1)
  const ctxPrefix = new Int32Array(T + 1);
  for (let t = 0; t < T; t++) ctxPrefix[t + 1] = ctxPrefix[t]! + contextSize[t]!;
  const completedAt = episode.outcome.completedAtStep;
  for (let g = 0; g < G; g++) {
    const row = e * G + g;
    const p = prefixLengths[g]!;
    const stopped = p < T;
    table.executed[row] = p;
    table.stopStep[row] = stopped ? p : -1;
    let count = 0;
    for (const k of LEDGER_CATEGORIES) {
      const f = firstStep[k];
      const hit = f >= 0 && f < p ? 1 : 0;
      table.lossByCategory[k][row] = hit;
      count += hit;
    }
    table.lossCount[row] = count;
    table.lossUnion[row] = count > 0 ? 1 : 0;
    const done = episode.outcome.taskCompleted && (completedAt === null ? !stopped : p > completedAt);
    table.success[row] = done ? 1 : 0;
    const scored = stopped ? p + 1 : T;
    table.scored[row] = scored;
    table.ctxSelected[row] = ctxPrefix[scored]!;
    table.ctxFull[row] = (scored * (scored + 1)) / 2;
  }
}
