import { LEDGER_CATEGORIES } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';
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

/** Growable typed columns, so 10⁶ episodes build no array of numbers per piece. */
class PieceBuilder {
  private from = new Int32Array(1024);
  private value = new Float64Array(1024);
  private size = 0;
  readonly offset: Int32Array;

  constructor(n: number) {
    this.offset = new Int32Array(n + 1);
  }

  push(g: number, v: number): void {
    if (this.size === this.from.length) {
      const from = new Int32Array(this.size * 2);
      const value = new Float64Array(this.size * 2);
      from.set(this.from);
      value.set(this.value);
      this.from = from;
      this.value = value;
    }
    this.from[this.size] = g;
    this.value[this.size++] = v;
  }

  close(e: number): void {
    this.offset[e + 1] = this.size;
  }

  done(): StepPieces {
    return { offset: this.offset, from: this.from.slice(0, this.size), value: this.value.slice(0, this.size) };
  }
}

/**
 * The raw step rate's term 1/r of every episode as a step function of g (App. D.2): 0 below
 * unionLossFrom, then 1/max(1, |P_g|), which changes only where a proposal starts executing or
 * the episode starts running to its end. Each value is 1 / stepRateDenominator at its piece's
 * first g, the very double a row-by-row evaluation adds. O(n·T).
 */
export function stepRatePieces(table: BreakpointTable): StepPieces {
  const { n, G, stepOffset, executesFrom, runsFrom, unionLossFrom } = table;
  const out = new PieceBuilder(n);
  for (let e = 0; e < n; e++) {
    let g = unionLossFrom[e]!;
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
  return out.done();
}

/**
 * The graded ledger's units (categories fired) of every episode as a step function of g:
 * one more unit at each category's lossFrom. O(n · categories).
 */
export function gradedUnitPieces(table: BreakpointTable): StepPieces {
  const { n, G, lossFrom } = table;
  const out = new PieceBuilder(n);
  const rises = new Int32Array(LEDGER_CATEGORIES.length);
  for (let e = 0; e < n; e++) {
    LEDGER_CATEGORIES.forEach((k, i) => (rises[i] = lossFrom[k][e]!));
    rises.sort();
    for (let i = 0; i < rises.length && rises[i]! < G; i++) {
      // categories firing at the same g make one piece
      if (i + 1 < rises.length && rises[i + 1] === rises[i]) continue;
      out.push(rises[i]!, i + 1);
    }
    out.close(e);
  }
  return out.done();
}
