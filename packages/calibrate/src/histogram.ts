import type { StepLosses } from './stepLosses.ts';

/** Reusable per-split buffers for one StepLosses (avoid allocation in the split loop). */
export interface HistogramScratch {
  counts: Int32Array;
  sums: Float64Array | bigint[];
  /** Single rises of several sizes summed as doubles: units per grid index (4 interleaved) and each class's size, 0 for never. */
  units: Float64Array | null;
  weights: Float64Array | null;
}

/** True when every calibration sum of these losses over n episodes fits a double exactly. */
export function sumsFitDouble(losses: StepLosses, n: number): boolean {
  return losses.maxUnits * BigInt(n) <= BigInt(Number.MAX_SAFE_INTEGER);
}

export function histogramScratch(losses: StepLosses, nCal: number): HistogramScratch {
  const K = losses.classUnits.length;
  const sizes = losses.single && K > 1 && sumsFitDouble(losses, nCal);
  return {
    units: sizes ? new Float64Array(4 * losses.G) : null,
    weights: sizes ? Float64Array.from({ length: K + 1 }, (_, k) => (k < K ? Number(losses.classUnits[k]!) : 0)) : null,
    // one slot past the classes' grids: a single-rise episode that never rises counts at K·G, unread
    // single-rise losses count into 4 interleaved histograms (see calibrationSums)
    counts: new Int32Array((losses.single ? 4 : 1) * (losses.classUnits.length * losses.G + 1)),
    sums: sumsFitDouble(losses, nCal) ? new Float64Array(losses.G) : new Array<bigint>(losses.G).fill(0n),
  };
}

/**
 * S(g) = Σ_{i ∈ cal} units of L_i(g) for every g in O(|cal| + K·G): count each
 * calibration breakpoint at its grid index per class, then prefix-sum over g (single rises of
 * several sizes in O(|cal| + G), summed as units).
 */
export function calibrationSums(
  losses: StepLosses,
  cal: Int32Array,
  scratch = histogramScratch(losses, cal.length),
): Float64Array | bigint[] {
  const { G, start, at, cls, classUnits } = losses;
  const { counts, sums, units, weights } = scratch;
  const single = losses.single;
  if (single && units && weights && sums instanceof Float64Array) {
    singleRiseSums(single, cal, G, weights, units, sums);
    return sums;
  }
  counts.fill(0);
  if (single) {
    // most episodes never rise (slot K·G): 4 histograms, one per i mod 4, so successive increments of
    // that slot do not wait on each other; merged below
    const i4 = cal.length & ~3;
    for (let i = 0; i < i4; i += 4) {
      counts[single[cal[i]!]! * 4]!++;
      counts[single[cal[i + 1]!]! * 4 + 1]!++;
      counts[single[cal[i + 2]!]! * 4 + 2]!++;
      counts[single[cal[i + 3]!]! * 4 + 3]!++;
    }
    for (let i = i4; i < cal.length; i++) counts[single[cal[i]!]! * 4]!++;
    for (let g = 0, slots = classUnits.length * G; g < slots; g++)
      counts[g] = counts[4 * g]! + counts[4 * g + 1]! + counts[4 * g + 2]! + counts[4 * g + 3]!;
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

/**
 * calibrationSums of single rises of several sizes (the step-rate envelope: ~15 sizes) as units per
 * grid index: O(|cal| + G) instead of O(|cal| + K·G). Integer units below 2^53 add exactly in any order.
 */
function singleRiseSums(
  single: Int32Array,
  cal: Int32Array,
  G: number,
  weights: Float64Array,
  units: Float64Array,
  sums: Float64Array,
): void {
  units.fill(0);
  for (let i = 0; i < cal.length; i++) {
    const slot = single[cal[i]!]!;
    const k = (slot / G) | 0;
    // never rising: slot K·G, class K of weight 0 at g = 0
    units[((slot - k * G) << 2) | (i & 3)]! += weights[k]!;
  }
  let running = 0;
  for (let g = 0; g < G; g++) {
    running += units[4 * g]! + units[4 * g + 1]! + units[4 * g + 2]! + units[4 * g + 3]!;
    sums[g] = running;
  }
}
