import type { StepLosses } from './stepLosses.ts';

/** Reusable per-split buffers for one StepLosses (avoid allocation in the split loop). */
export interface HistogramScratch {
  counts: Int32Array;
  sums: Float64Array | bigint[];
}

/** True when every calibration sum of these losses over n episodes fits a double exactly. */
export function sumsFitDouble(losses: StepLosses, n: number): boolean {
  return losses.maxUnits * BigInt(n) <= BigInt(Number.MAX_SAFE_INTEGER);
}

export function histogramScratch(losses: StepLosses, nCal: number): HistogramScratch {
  return {
    // one slot past the grid: a single-rise episode that never rises counts at G, unread
    // single-rise losses count into 4 interleaved histograms (see calibrationSums)
    counts: new Int32Array((losses.single ? 4 : 1) * (losses.classUnits.length * losses.G + 1)),
    sums: sumsFitDouble(losses, nCal) ? new Float64Array(losses.G) : new Array<bigint>(losses.G).fill(0n),
  };
}

/**
 * S(g) = Σ_{i ∈ cal} units of L_i(g) for every g in O(|cal| + K·G): count each
 * calibration breakpoint at its grid index per class, then prefix-sum over g.
 */
export function calibrationSums(
  losses: StepLosses,
  cal: Int32Array,
  scratch = histogramScratch(losses, cal.length),
): Float64Array | bigint[] {
  const { G, start, at, cls, classUnits } = losses;
  const { counts, sums } = scratch;
  counts.fill(0);
  const single = losses.single;
  if (single) {
    // most episodes never rise (slot G): 4 histograms, one per i mod 4, so successive increments of
    // that slot do not wait on each other; merged below
    const i4 = cal.length & ~3;
    for (let i = 0; i < i4; i += 4) {
      counts[single[cal[i]!]! * 4]!++;
      counts[single[cal[i + 1]!]! * 4 + 1]!++;
      counts[single[cal[i + 2]!]! * 4 + 2]!++;
      counts[single[cal[i + 3]!]! * 4 + 3]!++;
    }
    for (let i = i4; i < cal.length; i++) counts[single[cal[i]!]! * 4]!++;
    for (let g = 0; g < G; g++) counts[g] = counts[4 * g]! + counts[4 * g + 1]! + counts[4 * g + 2]! + counts[4 * g + 3]!;
  } else
    for (let i = 0; i < cal.length; i++) {
      const e = cal[i]!;
      for (let b = start[e]!, end = start[e + 1]!; b < end; b++) counts[cls[b]! * G + at[b]!]!++;
    }
  const K = classUnits.length;
  if (sums instanceof Float64Array) {
    sums.fill(0);
    for (let k = 0; k < K; k++) {
      const w = Number(classUnits[k]!);
      let running = 0;
      for (let g = 0; g < G; g++) {
        running += counts[k * G + g]!;
        sums[g]! += running * w;
      }
    }
  } else {
    sums.fill(0n);
    for (let k = 0; k < K; k++) {
      const w = classUnits[k]!;
      let running = 0;
      for (let g = 0; g < G; g++) {
        running += counts[k * G + g]!;
        sums[g] = sums[g]! + BigInt(running) * w;
      }
    }
  }
  return sums;
}
