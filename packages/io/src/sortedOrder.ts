/**
 * Most ascending runs sortedOrder merges: a corpus of a few files each in id order, or ids numbered
 * past the width they were padded to (gb-9999, then gb-10000 … gb-99999, then gb-100000 …). Past
 * this, a sort.
 */
export const MAX_MERGED_RUNS = 8;

/**
 * Where each maximal strictly ascending run of `values` starts (0 first), or null when there are
 * more than `maxRuns`: one pass, which stops at the run past the limit.
 */
export function ascendingRuns(values: readonly string[], maxRuns: number): number[] | null {
  const starts = values.length > 0 ? [0] : [];
  for (let i = 1; i < values.length; i++) {
    if (values[i - 1]! < values[i]!) continue;
    if (starts.length === maxRuns) return null;
    starts.push(i);
  }
  return starts;
}

/**
 * The positions of `values` in ascending order (code units), equal values ordered by `tie` (by
 * position when none): what a comparison sort gives, without one when the values are already in
 * order (every position is its own: 10⁶ ids sorted by comparison took ~0.2 s) or lie in at most
 * MAX_MERGED_RUNS ascending runs (merged, comparing strings directly rather than through a comparator).
 */
export function sortedOrder(values: readonly string[], tie?: (a: number, b: number) => number): Int32Array {
  const n = values.length;
  const runs = ascendingRuns(values, MAX_MERGED_RUNS);
  if (runs === null) {
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : tie ? tie(a, b) : a - b));
    return Int32Array.from(order);
  }
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (runs.length <= 1) return order;
  let bounds = [...runs, n];
  let spare = new Int32Array(n);
  // neighbouring runs merged pairwise until one is left
  while (bounds.length > 2) {
    const next = [0];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const end = r + 2 < bounds.length ? bounds[r + 2]! : bounds[r + 1]!;
      mergeInto(values, tie, order, spare, bounds[r]!, bounds[r + 1]!, end);
      next.push(end);
    }
    [order, spare] = [spare, order];
    bounds = next;
  }
  return order;
}

/** from[lo … mid) and from[mid … hi), each ascending, merged into to[lo … hi) (the left first among equals, unless `tie` says otherwise). */
function mergeInto(
  values: readonly string[],
  tie: ((a: number, b: number) => number) | undefined,
  from: Int32Array,
  to: Int32Array,
  lo: number,
  mid: number,
  hi: number,
): void {
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) {
    const a = from[i]!;
    const b = from[j]!;
    const va = values[a]!;
    const vb = values[b]!;
    const rightFirst = vb < va || (vb === va && tie !== undefined && tie(a, b) > 0);
    to[k++] = rightFirst ? (j++, b) : (i++, a);
  }
  while (i < mid) to[k++] = from[i++]!;
  while (j < hi) to[k++] = from[j++]!;
}
