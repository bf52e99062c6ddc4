import type { JsonValue } from './types.ts';

/**
 * Deep copy with object keys sorted (code-unit order), so that equal JSON values have
 * one serialization: JSONL and Arrow encodings are then byte-deterministic. (JS objects
 * still list integer-like keys first; canonicalJson from @carb/io does not.)
 */
export function canonicalize<T extends JsonValue>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => canonicalize(v)) as T;
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value).sort()) out[key] = canonicalize(value[key] as JsonValue);
  return out as T;
}

