import type { JsonValue } from '@carb/episodes';
import type { Binding } from './types.ts';

/** The values "$args.", "$source." and "$item." read. */
export interface Scope {
  args: JsonValue;
  source?: JsonValue;
  item?: JsonValue;
}

const REFERENCE = /^\$(args|source|item)((?:\.[^.]+)*)$/;

/** Whether a binding reads a value (rather than being a literal), and which root. */
export function referenceRoot(b: Binding): 'args' | 'source' | 'item' | null {
  if (typeof b !== 'string') return null;
  const m = REFERENCE.exec(b);
  return m ? (m[1] as 'args' | 'source' | 'item') : null;
}

// Own properties only: a tool argument named "constructor" or "__proto__" is data, not a prototype.
function step(v: JsonValue | undefined, key: string): JsonValue | undefined {
  if (Array.isArray(v)) return /^\d+$/.test(key) ? v[Number(key)] : undefined;
  if (v !== null && typeof v === 'object' && Object.hasOwn(v, key)) return v[key];
  return undefined;
}

/** The value of a binding in `scope`; undefined when a reference cannot be resolved. */
export function resolveBinding(b: Binding, scope: Scope): JsonValue | undefined {
  const m = typeof b === 'string' ? REFERENCE.exec(b) : null;
  if (m === null) return b;
  let v: JsonValue | undefined = scope[m[1] as keyof Scope];
  for (const key of (m[2] ?? '').split('.').slice(1)) v = step(v, key);
  return v;
}
