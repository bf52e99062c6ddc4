/** The exchangeability martingale's path and its Ville alarm. */
export interface MartingalePath {
  /** M_1 … M_n (M_0 = 1). */
  values: number[];
  /** 1-based index of the first episode with M ≥ 1/δ, or null. */
  alarmAt: number | null;
  /** max_i M_i (1 when there are none). */
  max: number;
}

/**
 * Vovk's simple-jumper martingale over p-values: three bettors with betting functions
 * f_ε(p) = 1 + ε(p − ½), ε ∈ {−1, 0, 1}, each starting with ⅓ of the capital; before each
 * p-value a share J of every bettor's capital is spread evenly over the three (so it can
 * switch direction when the shift does), then each bettor's capital is multiplied by
 * f_ε(p). Under exchangeability (i.i.d. U(0, 1) p-values) it is a nonnegative martingale with
 * M_0 = 1, so by Ville's inequality P(sup M ≥ 1/δ) ≤ δ: an alarm at 1/δ is anytime-valid.
 */
export function simpleJumper(pValues: readonly number[], delta: number, jump = 0.01): MartingalePath {
  const eps = [-1, 0, 1];
  let c = [1 / 3, 1 / 3, 1 / 3];
  let total = 1;
  const values: number[] = [];
  let alarmAt: number | null = null;
  let max = 1;
  pValues.forEach((p, i) => {
    c = c.map((x, k) => ((1 - jump) * x + (jump / 3) * total) * (1 + eps[k]! * (p - 0.5)));
    total = c[0]! + c[1]! + c[2]!;
    values.push(total);
    if (total > max) max = total;
    if (alarmAt === null && total >= 1 / delta) alarmAt = i + 1;
  });
  return { values, alarmAt, max };
}
