import type { LedgerCategory } from '@carb/pipeline';
import type { ReplayedEpisodes } from './outcome.ts';

/**
 * Replay of n episodes under one selector, stored as step functions of the grid index
 * instead of G dense rows per episode: memory O(n·T), not O(n·G).
 *
 * A logged proposal t executes at grid index g iff every proposal 0..t is allowed there,
 * i.e. iff g ≥ executesFrom[t], the running maximum of the per-step allowing indices.
 * Everything calibration needs at one g follows in O(1) or O(log T):
 *   |P_g|        = #{t : executesFrom[t] ≤ g}          (executesFrom is non-decreasing per episode)
 *   stopped      = g < runsFrom[e]                      (runsFrom = executesFrom[T−1], 0 when T = 0)
 *   loss k       = g ≥ lossFrom[k][e]                   (G when category k never fires)
 *   union loss   = g ≥ unionLossFrom[e]
 *   success      = g ≥ successFrom[e]                   (G when the log did not complete the task)
 *   |J|          = stopped ? |P_g| + 1 : T              (scored proposals)
 *   Σ|C_t|       = Σ_{t < |J|} contextSize[t];  Σ|C_t^full| = |J|(|J|+1)/2
 * Step columns are stored flat (CSR): episode e owns steps stepOffset[e] … stepOffset[e+1] − 1.
 */
export interface BreakpointTable extends ReplayedEpisodes {
  /** Length n + 1; stepOffset[n] = total logged proposals. */
  stepOffset: Int32Array;
  /** Per step: smallest grid index at which proposal t executes (non-decreasing within an episode). */
  executesFrom: Int32Array;
  /** Per step: |C_t|, the selected context size at decision t (proposal counted as one node). */
  contextSize: Int32Array;
  /** Per episode: task completed in the ungated log. */
  taskCompleted: Uint8Array;
  /** Per episode: smallest grid index with autonomous success; G never. */
  successFrom: Int32Array;
  /** Per episode: smallest grid index at which the episode runs to its natural end (no stop). */
  runsFrom: Int32Array;
  /** Per episode: first step whose execution fires the union ledger, −1 never (ungated). */
  unionFirstStep: Int32Array;
  /** Per episode: smallest grid index with union loss 1; G never. */
  unionLossFrom: Int32Array;
  /** Per episode and ledger category: smallest grid index with that category's loss 1; G never. */
  lossFrom: Record<LedgerCategory, Int32Array>;
}
