import type { Rational } from '@carb/pipeline';

/**
 * Reference CRC: a dense n × G pass over the calibration rows and Eq. 1 evaluated
 * literally in bigint at every grid index. Kept for tests and the benchmark.
 */
export function denseCrcThreshold(units: ArrayLike<number>, G: number, cal: Int32Array, D: bigint, alpha: Rational): number {
  const sums = new Float64Array(G);
  for (let i = 0; i < cal.length; i++) {
    const base = cal[i]! * G;
    for (let g = 0; g < G; g++) sums[g]! += units[base + g]!;
  }
  const n1 = BigInt(cal.length + 1);
  let best = -1;
  for (let g = 0; g < G; g++) {
    // (1 + S/D) / (n+1) ≤ a/b  ⇔  (D + S)·b ≤ a·(n+1)·D
    if ((D + BigInt(sums[g]!)) * alpha.den <= alpha.num * n1 * D) best = g;
  }
  return best;
}
