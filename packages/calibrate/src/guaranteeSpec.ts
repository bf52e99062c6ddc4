/** The guarantee a threshold is picked under: CRC in expectation (Eq. 1), or Learn-then-Test at level δ. */
export type GuaranteeSpec = { kind: 'expectation' } | { kind: 'high-probability'; delta: number; batch?: BatchSize };

/**
 * With a batch size the high-probability guarantee is about the next m episodes' mean loss
 * (batchBudget) instead of the risk R(λ̂) (lttBudget); 'fold' is the split's test-fold size.
 */
export type BatchSize = number | 'fold';

/** Refuses a δ outside (0, 1) in one line naming the option: δ ≥ 1 certifies nothing, δ ≤ 0 nothing is rejected. */
export function checkDelta(delta: number, where = 'guarantee'): number {
  if (typeof delta !== 'number' || !(delta > 0 && delta < 1))
    throw new Error(`${where}: delta = ${String(delta)}; expected a number in (0, 1)`);
  return delta;
}
