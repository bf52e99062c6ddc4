import { LEDGER_CATEGORIES, type LedgerCategory } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';

/**
 * The table of the episodes at `rows`, in that order (a stratum of `--by`, or merged shards
 * put back in corpus order). Each episode's columns are its own, so a gathered table equals
 * the replay of the gathered episodes.
 */
export function takeBreakpoints(table: BreakpointTable, rows: ArrayLike<number>): BreakpointTable {
  const n = rows.length;
  const stepOffset = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const e = rows[i]!;
    if (!Number.isInteger(e) || e < 0 || e >= table.n) throw new Error(`takeBreakpoints: row ${e} outside 0 … ${table.n - 1}`);
    stepOffset[i + 1] = stepOffset[i]! + table.stepOffset[e + 1]! - table.stepOffset[e]!;
  }
  const steps = (col: Int32Array) => {
    const out = new Int32Array(stepOffset[n]!);
    for (let i = 0; i < n; i++) out.set(col.subarray(table.stepOffset[rows[i]!], table.stepOffset[rows[i]! + 1]), stepOffset[i]);
    return out;
  };
  const perEpisode = <A extends Int32Array | Uint8Array>(col: A): A => {
    const out = new (col.constructor as new (length: number) => A)(n);
    for (let i = 0; i < n; i++) out[i] = col[rows[i]!]!;
    return out;
  };
  const lossFrom = {} as Record<LedgerCategory, Int32Array>;
  for (const k of LEDGER_CATEGORIES) lossFrom[k] = perEpisode(table.lossFrom[k]);
  return {
    method: table.method,
    grid: table.grid,
    G: table.G,
    n,
    ids: Array.from({ length: n }, (_, i) => table.ids[rows[i]!]!),
    groups: Array.from({ length: n }, (_, i) => table.groups[rows[i]!]!),
    stepOffset,
    executesFrom: steps(table.executesFrom),
    contextSize: steps(table.contextSize),
    taskCompleted: perEpisode(table.taskCompleted),
    successFrom: perEpisode(table.successFrom),
    runsFrom: perEpisode(table.runsFrom),
    unionFirstStep: perEpisode(table.unionFirstStep),
    unionLossFrom: perEpisode(table.unionLossFrom),
    lossFrom,
  };
}
