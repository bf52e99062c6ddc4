// Logs hold personal data (tool arguments, results, user requests, injected texts). Outputs
// show such values only on request (--include-content); otherwise each value is replaced by a
// marker that keeps its kind and size, so a reader still sees that something was there.

/** The marker that stands in for a left-out value: its kind and size, never its text. */
export function redactionMarker(value: unknown): string {
  if (typeof value === 'string') {
    const n = Array.from(value).length; // code points, not UTF-16 units
    return `‹redacted: ${n} char${n === 1 ? '' : 's'}›`;
  }
  if (Array.isArray(value)) return `‹redacted: ${value.length} items›`;
  if (value !== null && typeof value === 'object') return `‹redacted: ${Object.keys(value).length} keys›`;
  return `‹redacted: ${typeof value}›`;
}

/**
 * `value` with every leaf (string, number, boolean) replaced by its marker. Object keys
 * (argument names), nesting and array lengths stay, and null stays null. Members named in
 * `keep` (ids, step indices, categories, decisions …) are kept verbatim at any depth.
 */
export function redactValues(value: unknown, keep: ReadonlySet<string> = NOTHING_KEPT): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => redactValues(v, keep));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, keep.has(k) ? v : redactValues(v, keep)]),
    );
  }
  return redactionMarker(value);
}

/** Episode content as an output shows it: itself with --include-content, else redacted (see redactValues). */
export function shownContent<T>(value: T, includeContent: boolean, keep?: ReadonlySet<string>): T {
  // a redacted value keeps the shape of T: objects stay objects, arrays arrays, leaves become marker strings
  return includeContent ? value : (redactValues(value, keep) as T);
}

const NOTHING_KEPT: ReadonlySet<string> = new Set();
