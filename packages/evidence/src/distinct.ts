const NONE: readonly string[] = [];
// Below this many values a linear scan beats a Set, whose table alone costs more than the values
// (records yield a handful of keys each, and a Set per key family per record was most of replay's garbage).
const SCAN_LIMIT = 16;

/** The values without repeats, in first-seen order (as `[...new Set(values)]`); `values` may be reused. */
export function distinct(values: string[]): readonly string[] {
  if (values.length === 0) return NONE;
  if (values.length > SCAN_LIMIT) return [...new Set(values)];
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let seen = false;
    for (let j = 0; j < n && !seen; j++) seen = values[j] === v;
    if (!seen) values[n++] = v;
  }
  values.length = n;
  return values;
}
