import { gridValue } from '@carb/pipeline';
import type { OutcomeTable } from './outcome.ts';

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

/** Per-grid-point means over every episode of the table. */
export function gridMeans(t: OutcomeTable): GridMean[] {
  const out: GridMean[] = [];
  for (let g = 0; g < t.G; g++) {
    let loss = 0, graded = 0, stopped = 0, success = 0, executed = 0, scored = 0, sel = 0, full = 0;
    for (let e = 0; e < t.n; e++) {
      const r = e * t.G + g;
      loss += t.lossUnion[r]!;
      graded += t.lossCount[r]!;
      if (t.stopStep[r]! >= 0) stopped++;
      success += t.success[r]!;
      executed += t.executed[r]!;
      scored += t.scored[r]!;
      sel += t.ctxSelected[r]!;
      full += t.ctxFull[r]!;
    }
    const n = Math.max(1, t.n);
    out.push({
      grid: g,
      lambda: gridValue(t.grid, g),
      loss: loss / n,
      lossGraded: graded / 5 / n,
      intervention: stopped / n,
      utility: success / n,
      executed: executed / n,
      scored: scored / n,
      ctxSelected: sel,
      ctxFull: full,
      ctxRed: full > 0 ? 1 - sel / full : null,
    });
  }
  return out;
}
