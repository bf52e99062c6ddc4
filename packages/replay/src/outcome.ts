import type { GridConfig, LedgerCategory } from '@carb/pipeline';

/** What every replayed table names: the selector, the grid and the episodes in order. */
export interface ReplayedEpisodes {
  /** Method / selector the table was replayed with (e.g. `graph`, `full`, `current`). */
  method: string;
  grid: GridConfig;
  /** Grid size G (102). */
  G: number;
  /** Episode count n. */
  n: number;
  ids: string[];
  /** Assignment unit per episode. */
  groups: string[];
}

/**
 * Replay outcome table: for every episode e and grid index g (0 = λ⊥ … G−1 = 1), the
 * stopped prefix P_λ and what it implies. Row r = e·G + g in every dense column.
 * This is the only input calibration needs.
 */
export interface OutcomeTable extends ReplayedEpisodes {
  /** Logged proposals T per episode. */
  steps: Int32Array;
  /** Task completed in the log (ungated). */
  taskCompleted: Uint8Array;
  /** First step at which the union ledger fires, −1 never (ungated). */
  unionFirstStep: Int32Array;
  /** Rejected proposal index, −1 when the episode ran to natural end. */
  stopStep: Int32Array;
  /** |P_λ|: executed records. */
  executed: Int32Array;
  /** Union ledger loss ℓ_union(P_λ) ∈ {0,1}. */
  lossUnion: Uint8Array;
  /** Number of categories fired in P_λ (graded ledger = count / 5). */
  lossCount: Uint8Array;
  /** Per-category loss, one column per LEDGER_CATEGORIES entry, same row layout. */
  lossByCategory: Record<LedgerCategory, Uint8Array>;
  /** Autonomous success: task completed and not stopped before completion. */
  success: Uint8Array;
  /** Scored proposals |J| through first rejection (included) or natural end. */
  scored: Int32Array;
  /** Σ |C_t| over scored proposals (selected context, proposal counted as one node). */
  ctxSelected: Int32Array;
  /** Σ |C_t^full| = Σ (t + 1) over the same proposals. */
  ctxFull: Int32Array;
}

/** Raw executed-step rate r_λ (App. D.2): first union increment within P_λ over max(1, |P_λ|). */
export function stepRate(t: OutcomeTable, row: number, e: number): number {
  const first = t.unionFirstStep[e]!;
  const p = t.executed[row]!;
  return first >= 0 && first < p ? 1 / Math.max(1, p) : 0;
}
