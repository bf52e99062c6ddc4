import { LEDGER_CATEGORIES, type LedgerCategory } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';

/** The Int32 columns of a breakpoint table, per step or per episode. */
type IntColumn = 'executesFrom' | 'contextSize' | 'successFrom' | 'runsFrom' | 'unionFirstStep' | 'unionLossFrom';

/**
 * Breakpoint tables of consecutive episode chunks (or shards) replayed with one method on
 * one grid, joined in the order given: the table of the concatenated episodes. `consume`
 * empties each part's column once it is copied, so that a 10⁶-episode replay never holds
 * its columns twice over (the parts are then not to be used).
 */
export function concatBreakpoints(parts: readonly BreakpointTable[], consume = false): BreakpointTable {
  const first = parts[0];
  if (!first) throw new Error('concatBreakpoints: expected at least one table');
  for (const p of parts) {
    if (p.method !== first.method || p.G !== first.G || JSON.stringify(p.grid) !== JSON.stringify(first.grid)) {
      throw new Error(
        `concatBreakpoints: expected tables of one method and grid, found ${first.method} (G = ${first.G}) and ${p.method} (G = ${p.G})`,
      );
    }
  }
  if (parts.length === 1) return first;
  const n = parts.reduce((s, p) => s + p.n, 0);
  const S = parts.reduce((s, p) => s + p.stepOffset[p.n]!, 0);
  const stepOffset = new Int32Array(n + 1);
  let e = 0;
  let steps = 0;
  for (const p of parts) {
    for (let i = 1; i <= p.n; i++) stepOffset[e + i] = steps + p.stepOffset[i]!;
    e += p.n;
    steps += p.stepOffset[p.n]!;
  }
  const join = <A extends Int32Array | Uint8Array>(
    make: (length: number) => A,
    length: number,
    pick: (p: BreakpointTable) => A,
    drop: (p: BreakpointTable) => void,
  ): A => {
    const out = make(length);
    let at = 0;
    for (const p of parts) {
      const col = pick(p);
      out.set(col, at);
      at += col.length;
      if (consume) drop(p);
    }
    return out;
  };
  const int = (length: number) => new Int32Array(length);
  const EMPTY = new Int32Array(0);
  const lossFrom = {} as Record<LedgerCategory, Int32Array>;
  for (const k of LEDGER_CATEGORIES)
    lossFrom[k] = join(
      int,
      n,
      (p) => p.lossFrom[k],
      (p) => (p.lossFrom[k] = EMPTY),
    );
  const joinInt = (key: IntColumn, length: number): Int32Array =>
    join(
      int,
      length,
      (p) => p[key],
      (p) => (p[key] = EMPTY),
    );
  const ids = joinStrings(parts, n, (p) => p.ids);
  const groups = joinStrings(parts, n, (p) => p.groups);
  // the per-step columns first: they are most of a table
  const executesFrom = joinInt('executesFrom', S);
  const contextSize = joinInt('contextSize', S);
  return {
    method: first.method,
    grid: first.grid,
    G: first.G,
    n,
    ids,
    groups,
    stepOffset,
    executesFrom,
    contextSize,
    taskCompleted: join(
      (length) => new Uint8Array(length),
      n,
      (p) => p.taskCompleted,
      (p) => (p.taskCompleted = new Uint8Array(0)),
    ),
    successFrom: joinInt('successFrom', n),
    runsFrom: joinInt('runsFrom', n),
    unionFirstStep: joinInt('unionFirstStep', n),
    unionLossFrom: joinInt('unionLossFrom', n),
    lossFrom,
  };
}

/** A string column of the parts joined: an array of its final length filled in a loop (flatMap took ~0.15 s more a column at 10⁶ episodes). */
function joinStrings(parts: readonly BreakpointTable[], n: number, pick: (p: BreakpointTable) => readonly string[]): string[] {
  const out = new Array<string>(n);
  let at = 0;
  for (const p of parts) {
    const col = pick(p);
    for (let i = 0; i < col.length; i++) out[at++] = col[i]!;
  }
  return out;
}
