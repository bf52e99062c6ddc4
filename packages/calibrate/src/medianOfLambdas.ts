import { quantileSorted } from 'd3-array';
import type { SplitCell } from './splitCell.ts';

/** Splits per grid index and that index's λ̂, reused by every call (zeroed again over the range a call used). */
let counts = new Int32Array(0);
let values = new Float64Array(0);

/**
 * The median (R-7: empiricalQuantile(λ̂, .5)) of a cell's `found` feasible λ̂ (those not NaN), read
 * off a count of splits per grid index instead of a selection over the splits: λ̂ is the grid's value
 * at the index and rises with it, so counts in index order are the sorted λ̂. O(splits + indices
 * spanned); the frontier asks for ~200 medians a run, a selection each cost ~2 µs (issue 26). null
 * when the cell breaks that premise (an index holding two λ̂, λ̂ not rising with the index, a
 * negative index, −0): then the caller selects.
 */
export function medianOfLambdas(cell: SplitCell, found: number): number | null {
  const { lambdaIndex, lambdaHat } = cell;
  let lo = Number.MAX_SAFE_INTEGER;
  let hi = -1;
  let premise = found > 0;
  for (let i = 0; i < lambdaHat.length && premise; i++) {
    const l = lambdaHat[i]!;
    if (Number.isNaN(l)) continue;
    const g = lambdaIndex[i]!;
    if (g < 0) {
      premise = false;
      break;
    }
    if (g >= counts.length) grow(g + 1);
    if (counts[g] === 0) values[g] = l;
    else if (values[g] !== l) premise = false;
    counts[g]!++;
    if (g < lo) lo = g;
    if (g > hi) hi = g;
  }
  // the two order statistics quantileSorted reads at p = .5
  const r0 = Math.floor((found - 1) * 0.5);
  const r1 = found < 2 ? r0 : r0 + 1;
  let v0 = Number.NaN;
  let v1 = Number.NaN;
  let seen = 0;
  let previous = -Infinity;
  // every index touched is zeroed, whether the premise holds or not
  for (let g = lo; g <= hi; g++) {
    const c = counts[g]!;
    if (c === 0) continue;
    counts[g] = 0;
    const v = values[g]!;
    if (!(v > previous) || Object.is(v, -0)) premise = false;
    previous = v;
    if (seen <= r0 && r0 < seen + c) v0 = v;
    if (seen <= r1 && r1 < seen + c) v1 = v;
    seen += c;
  }
  if (!premise || seen !== found) return null;
  // d3 reads ranks r0 and r1 through the accessor only; its typings ask for an array
  return quantileSorted({ length: found } as unknown as number[], 0.5, (_, rank) => (rank === r0 ? v0 : v1)) ?? null;
}

function grow(size: number): void {
  const wider = Math.max(size, 2 * counts.length);
  const c = new Int32Array(wider);
  c.set(counts);
  counts = c;
  const v = new Float64Array(wider);
  v.set(values);
  values = v;
}
