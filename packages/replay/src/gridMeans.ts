import { GRADED_DENOMINATOR, gridValue } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';
import { denseFromBreakpoints } from './denseFromBreakpoints.ts';
import type { OutcomeTable } from './outcome.ts';
import { takeBreakpoints } from './takeBreakpoints.ts';

/** Corpus means at one grid point (the `carb replay --json` rows). */
export interface GridMean {
  grid: number;
  lambda: number;
  loss: number;
  lossGraded: number;
  intervention: number;
  utility: number;
  executed: number;
  scored: number;
  ctxSelected: number;
  ctxFull: number;
  /** 1 − Σ|C| / Σ|C_full| over the scored proposals (Eq. 2); null when nothing was scored. */
  ctxRed: number | null;
}

const SUMS = ['loss', 'graded', 'stopped', 'success', 'executed', 'scored', 'sel', 'full'] as const;
/** Per grid point, integer sums over episodes (exact in doubles, so they add up chunk by chunk to the same value). */
type GridSums = Record<(typeof SUMS)[number], Float64Array>;

function emptySums(G: number): GridSums {
  return Object.fromEntries(SUMS.map((k) => [k, new Float64Array(G)])) as GridSums;
}

function addSums(s: GridSums, t: OutcomeTable): void {
  for (let g = 0; g < t.G; g++) {
    for (let e = 0; e < t.n; e++) {
      const r = e * t.G + g;
      s.loss[g]! += t.lossUnion[r]!;
      s.graded[g]! += t.lossCount[r]!;
      if (t.stopStep[r]! >= 0) s.stopped[g]!++;
      s.success[g]! += t.success[r]!;
      s.executed[g]! += t.executed[r]!;
      s.scored[g]! += t.scored[r]!;
      s.sel[g]! += t.ctxSelected[r]!;
      s.full[g]! += t.ctxFull[r]!;
    }
  }
}

function meansOf(s: GridSums, grid: OutcomeTable['grid'], G: number, episodes: number): GridMean[] {
  const n = Math.max(1, episodes);
  return Array.from({ length: G }, (_, g) => ({
    grid: g,
    lambda: gridValue(grid, g),
    loss: s.loss[g]! / n,
    lossGraded: s.graded[g]! / GRADED_DENOMINATOR / n,
    intervention: s.stopped[g]! / n,
    utility: s.success[g]! / n,
    executed: s.executed[g]! / n,
    scored: s.scored[g]! / n,
    ctxSelected: s.sel[g]!,
    ctxFull: s.full[g]!,
    ctxRed: s.full[g]! > 0 ? 1 - s.sel[g]! / s.full[g]! : null,
  }));
}

/** Per-grid-point means over every episode of the table. */
export function gridMeans(t: OutcomeTable): GridMean[] {
  const s = emptySums(t.G);
  addSums(s, t);
  return meansOf(s, t.grid, t.G, t.n);
}

/**
 * gridMeans of a breakpoint table, expanded `chunk` episodes at a time: the same values
 * (integer sums), in O(chunk · G) memory instead of the dense n × G table.
 */
export function gridMeansOfBreakpoints(bt: BreakpointTable, chunk = 4096): GridMean[] {
  const s = emptySums(bt.G);
  for (let lo = 0; lo < bt.n; lo += chunk) {
    const rows = Int32Array.from({ length: Math.min(chunk, bt.n - lo) }, (_, i) => lo + i);
    addSums(s, denseFromBreakpoints(takeBreakpoints(bt, rows)));
  }
  return meansOf(s, bt.grid, bt.G, bt.n);
}
