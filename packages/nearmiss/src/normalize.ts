import type { JsonValue } from '@carb/episodes';

/**
 * The key two argument values are compared by. Strings are compared trimmed and
 * case-folded (tau2 ids and IATA codes are case-insensitive to a reader, and agents
 * retype them: "xewrd9" names reservation XEWRD9); numbers by value; a number and a
 * numeric string stay different (a tool receives them as different types); arrays and
 * objects by their normalized members, object keys in sorted order.
 */
export function normalizedKey(v: JsonValue | undefined): string {
  if (v === undefined) return 'u';
  if (v === null) return 'z';
  if (typeof v === 'string') return `s${JSON.stringify(v.trim().toLowerCase())}`;
  if (typeof v === 'number') return `n${String(v)}`;
  if (typeof v === 'boolean') return `b${String(v)}`;
  if (Array.isArray(v)) return `[${v.map(normalizedKey).join(',')}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${normalizedKey(v[k])}`).join(',')}}`;
}

/** Whether two values are equal after normalization (see {@link normalizedKey}). */
export const sameValue = (a: JsonValue | undefined, b: JsonValue | undefined): boolean => normalizedKey(a) === normalizedKey(b);
