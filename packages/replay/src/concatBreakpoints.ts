import { LEDGER_CATEGORIES, type LedgerCategory } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';

/**
 * Breakpoint tables of consecutive episode chunks (or shards) replayed with one method on
 * one grid, joined in the order given: the table of the concatenated episodes.
 */
export function concatBreakpoints(parts: readonly BreakpointTable[]): BreakpointTable {
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
  const join = <A extends Int32Array | Uint8Array>(make: (length: number) => A, length: number, pick: (p: BreakpointTable) => A): A => {
    const out = make(length);
    let at = 0;
    for (const p of parts) {
      const col = pick(p);
      out.set(col, at);
      at += col.length;
    }
    return out;
  };
  const int = (length: number) => new Int32Array(length);
  const lossFrom = {} as Record<LedgerCategory, Int32Array>;
  for (const k of LEDGER_CATEGORIES) lossFrom[k] = join(int, n, (p) => p.lossFrom[k]);
  return {
    method: first.method,
    grid: first.grid,
    G: first.G,
    n,
    ids: parts.flatMap((p) => p.ids),
    groups: parts.flatMap((p) => p.groups),
    stepOffset,
    executesFrom: join(int, S, (p) => p.executesFrom),
    contextSize: join(int, S, (p) => p.contextSize),
    taskCompleted: join(
      (length) => new Uint8Array(length),
      n,
      (p) => p.taskCompleted,
    ),
    successFrom: join(int, n, (p) => p.successFrom),
    runsFrom: join(int, n, (p) => p.runsFrom),
    unionFirstStep: join(int, n, (p) => p.unionFirstStep),
    unionLossFrom: join(int, n, (p) => p.unionLossFrom),
    lossFrom,
  };
}
