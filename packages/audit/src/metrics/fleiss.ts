/**
 * Fleiss' κ for binary labels from several raters (Fleiss 1971), in the form that allows a
 * different number of raters per item: P_i = (Σ_j n_ij² − m_i) / (m_i(m_i − 1)), P̄ their mean,
 * p_j = Σ_i n_ij / Σ_i m_i, P̄_e = Σ_j p_j², κ = (P̄ − P̄_e)/(1 − P̄_e). `counts` holds per item
 * [yes, no] with yes + no ≥ 2. Null when P̄_e = 1 (every rating one label: undefined).
 */
export function fleissKappa(counts: ReadonlyArray<readonly [number, number]>): number | null {
  if (counts.length === 0) throw new Error('fleissKappa: expected at least one item, found none');
  let pBar = 0;
  let yes = 0;
  let total = 0;
  for (const [y, n] of counts) {
    const m = y + n;
    if (!Number.isInteger(y) || !Number.isInteger(n) || y < 0 || n < 0 || m < 2)
      throw new Error(`fleissKappa: expected integer counts with at least 2 ratings per item, found [${y}, ${n}]`);
    pBar += (y * y + n * n - m) / (m * (m - 1));
    yes += y;
    total += m;
  }
  pBar /= counts.length;
  const pYes = yes / total;
  const pe = pYes * pYes + (1 - pYes) * (1 - pYes);
  return pe === 1 ? null : (pBar - pe) / (1 - pe);
}
