import type { JsonValue } from '@carb/episodes';
import { canonicalJson } from '@carb/io';

/** The value with every string trimmed and case-folded, at any depth. */
function folded(v: JsonValue): JsonValue {
  if (typeof v === 'string') return v.trim().toLowerCase();
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(folded);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, folded(x)]));
}

/**
 * The key two argument values are compared by: the canonical JSON of the value with its
 * strings trimmed and case-folded (tau2 ids and IATA codes are case-insensitive to a reader,
 * and agents retype them: "xewrd9" names reservation XEWRD9). Numbers compare by value; a
 * number and a numeric string stay different (a tool receives them as different types);
 * object keys are compared as written, in sorted order. A missing value is `undefined`.
 */
export function normalizedKey(v: JsonValue | undefined): string {
  return v === undefined ? 'undefined' : canonicalJson(folded(v));
}

/** Whether two values are equal after normalization (see {@link normalizedKey}). */
export const sameValue = (a: JsonValue | undefined, b: JsonValue | undefined): boolean => normalizedKey(a) === normalizedKey(b);
