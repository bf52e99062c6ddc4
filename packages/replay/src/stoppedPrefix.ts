/**
 * |P_λ| for every grid index at once. The prefix at index g runs until the first
 * proposal with allowFrom > g; since that is the first t whose running maximum of
 * allowFrom exceeds g, one pass over the running maximum fills the whole grid.
 */
export function stoppedPrefixLengths(allowFrom: Int32Array, G: number): Int32Array {
  const T = allowFrom.length;
  const lengths = new Int32Array(G).fill(T);
  let runningMax = 0;
  let g = 0;
  for (let t = 0; t < T; t++) {
    const a = allowFrom[t]!;
    if (a > runningMax) runningMax = a;
    // grid indices below runningMax stop at or before t; those not yet assigned stop exactly at t
    for (; g < runningMax && g < G; g++) lengths[g] = t;
  }
  return lengths;
}
