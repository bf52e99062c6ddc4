import type { BreakpointTable } from '@carb/replay';

/**
 * Per-episode prefix sums of |C_t|: episode e's Σ_{t < j} contextSize[t] is at
 * stepOffset[e] + e + j (j = 0 … T), so Σ|C_t| over any scored prefix is one read. O(n·T).
 */
export function contextPrefix(bt: BreakpointTable): Float64Array {
  const { n, stepOffset, contextSize } = bt;
  const out = new Float64Array(stepOffset[n]! + n);
  for (let e = 0; e < n; e++) {
    let at = stepOffset[e]! + e;
    let sum = 0;
    out[at] = 0;
    for (let s = stepOffset[e]!, end = stepOffset[e + 1]!; s < end; s++) {
      sum += contextSize[s]!;
      out[++at] = sum;
    }
  }
  return out;
}
