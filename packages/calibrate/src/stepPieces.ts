import { LEDGER_CATEGORIES } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';
import { EventBuilder, type EventColumns } from './eventColumns.ts';
import { stepRateDenominator } from './stepRate.ts';

/**
 * Per-episode step functions of the grid index as CSR columns: episode e's function is 0 below
 * from[offset[e]] and value[k] on [from[k], from[k + 1]) (its last piece runs to G). An episode
 * with no piece is 0 everywhere.
 */
export interface StepPieces {
  offset: Int32Array;
  from: Int32Array;
  value: Float64Array;
}

/** An episode's pieces as events of one column. */
function piecesOf(events: EventColumns): StepPieces {
  return { offset: events.offset, from: events.at, value: events.columns[0]! };
}

/**
 * The raw step rate's term 1/r of every episode as a step function of g (App. D.2): 0 below
 * unionLossFrom, then 1/max(1, |P_g|), which changes only where a proposal starts executing or
 * the episode starts running to its end. Each value is 1 / stepRateDenominator at its piece's
 * first g, the very double a row-by-row evaluation adds. O(n·T). Only `episodes` (1 each; default all)
 * get pieces: the others are 0 everywhere.
 */
export function stepRatePieces(table: BreakpointTable, episodes: Uint8Array | null = null): StepPieces {
  const { n, G, stepOffset, executesFrom, runsFrom, unionLossFrom } = table;
  const out = new EventBuilder(n, 1);
  for (let e = 0; e < n; e++) {
    // an episode left out has no piece: 0 everywhere
    let g = episodes && !episodes[e] ? G : unionLossFrom[e]!;
    let t = stepOffset[e]!;
    const end = stepOffset[e + 1]!;
    while (g < G) {
      out.push(g, 1 / stepRateDenominator(table, e, g));
      // next change point: the next proposal to start executing, or the run to the natural end
      while (t < end && executesFrom[t]! <= g) t++;
      const next = Math.min(t < end ? executesFrom[t]! : G, runsFrom[e]! > g ? runsFrom[e]! : G);
      g = next;
    }
    out.close(e);
  }
  return piecesOf(out.done());
}

/**
 * The graded ledger's units (categories fired) of every episode as a step function of g:
 * one more unit at each category's lossFrom, for `episodes` only (as stepRatePieces). O(n · categories).
 */
export function gradedUnitPieces(table: BreakpointTable, episodes: Uint8Array | null = null): StepPieces {
  const { n, G, lossFrom } = table;
  const out = new EventBuilder(n, 1);
  const rises = new Int32Array(LEDGER_CATEGORIES.length);
  for (let e = 0; e < n; e++) {
    if (episodes && !episodes[e]) {
      out.close(e);
      continue;
    }
    LEDGER_CATEGORIES.forEach((k, i) => (rises[i] = lossFrom[k][e]!));
    rises.sort();
    for (let i = 0; i < rises.length && rises[i]! < G; i++) {
      // categories firing at the same g make one piece
      if (i + 1 < rises.length && rises[i + 1] === rises[i]) continue;
      out.push(rises[i]!, i + 1);
    }
    out.close(e);
  }
  return piecesOf(out.done());
}
