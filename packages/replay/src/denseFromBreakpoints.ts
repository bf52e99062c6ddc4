import { LEDGER_CATEGORIES } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';
import type { OutcomeTable } from './outcome.ts';
import { emptyOutcomeTable } from './outcomeTable.ts';

/**
 * Expands a breakpoint table into the dense episode × grid outcome table (O(n·G) memory),
 * for consumers that still read rows and to check the breakpoint formulas against replay.
 */
export function denseFromBreakpoints(bt: BreakpointTable): OutcomeTable {
  const { G, n } = bt;
  const t = emptyOutcomeTable(bt.method, bt.grid, {
    ids: bt.ids,
    groups: bt.groups,
    steps: Int32Array.from({ length: n }, (_, e) => bt.stepOffset[e + 1]! - bt.stepOffset[e]!),
    taskCompleted: bt.taskCompleted,
    unionFirstStep: bt.unionFirstStep,
  });
  const { lossByCategory } = t;
  for (let e = 0; e < n; e++) {
    const base = bt.stepOffset[e]!;
    const T = bt.stepOffset[e + 1]! - base;
    const ctxPrefix = new Int32Array(T + 1);
    for (let s = 0; s < T; s++) ctxPrefix[s + 1] = ctxPrefix[s]! + bt.contextSize[base + s]!;
    let p = 0;
    for (let g = 0; g < G; g++) {
      while (p < T && bt.executesFrom[base + p]! <= g) p++;
      const row = e * G + g;
      const stopped = p < T;
      t.executed[row] = p;
      t.stopStep[row] = stopped ? p : -1;
      let count = 0;
      for (const k of LEDGER_CATEGORIES) {
        const hit = g >= bt.lossFrom[k][e]! ? 1 : 0;
        lossByCategory[k][row] = hit;
        count += hit;
      }
      t.lossCount[row] = count;
      t.lossUnion[row] = g >= bt.unionLossFrom[e]! ? 1 : 0;
      t.success[row] = g >= bt.successFrom[e]! ? 1 : 0;
      const scored = stopped ? p + 1 : T;
      t.scored[row] = scored;
      t.ctxSelected[row] = ctxPrefix[scored]!;
      t.ctxFull[row] = (scored * (scored + 1)) / 2;
    }
  }
  return t;
}
