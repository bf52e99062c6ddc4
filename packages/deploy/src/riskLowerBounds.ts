import { LOG_WEALTH, bettingState, bettingUpdate } from './bettingEProcess.ts';

/** Candidate risks m of the confidence sequence: 1/1000 … 999/1000. */
export const CS_GRID = 1000;

/**
 * The running lower bound of the betting confidence sequence for the risk (Waudby-Smith &
 * Ramdas 2024, Thm 3, one-sided): a candidate risk m is ruled out from the first t at which
 * its own e-process K_t(m) (bettingEProcess) reaches 1/δ, and stays out (the running
 * intersection). The lower bound after t losses is the largest grid point m_j such that every
 * m_i ≤ m_j is ruled out by then (0 when 1/1000 is not). Valid: for a true risk μ, the first
 * grid point at or above μ is ruled out with probability ≤ δ (its K is a supermartingale),
 * and while it stands the bound stays below it, at a grid point ≤ μ; so P(ever bound > μ) ≤ δ.
 * Returns the bound after each of `checkpoints` (episode counts, ascending).
 */
export function riskLowerBounds(losses: ArrayLike<number>, delta: number, checkpoints: readonly number[]): number[] {
  const threshold = Math.log(1 / delta);
  // per grid point: the episode count at which it was ruled out, 0 never
  const ruledOutAt = new Int32Array(CS_GRID);
  const state = bettingState();
  for (let j = 1; j < CS_GRID; j++) {
    const m = j / CS_GRID;
    state.fill(0);
    for (let t = 0; t < losses.length; t++) {
      bettingUpdate(state, losses[t]!, m);
      if (state[LOG_WEALTH]! >= threshold) {
        ruledOutAt[j] = t + 1;
        break;
      }
    }
    // the bound needs every smaller point ruled out: once one stands, larger ones cannot raise it
    if (ruledOutAt[j] === 0) break;
  }
  return checkpoints.map((n) => {
    let j = 1;
    while (j < CS_GRID && ruledOutAt[j]! > 0 && ruledOutAt[j]! <= n) j++;
    return (j - 1) / CS_GRID;
  });
}
