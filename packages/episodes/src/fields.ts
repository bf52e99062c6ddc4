import type { UnsafeIntegers } from '@carb/io';
import { AdapterError } from './problems.ts';

export type Obj = Record<string, unknown>;

/** The JSON kind of a value, as problem lines name it. */
export function kindOf(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/**
 * Typed field access for the log adapters: every miss throws one AdapterError naming
 * the file, the record (a JSON pointer) and what was expected.
 */
export class Fields {
  constructor(readonly file: string) {}

  fail(pointer: string, expected: string, found: unknown): never {
    const reason = found === undefined ? 'missing-key' : 'wrong-type';
    throw new AdapterError(this.file, pointer || '/', reason, `expected ${expected}, found ${kindOf(found)}`);
  }

  object(v: unknown, pointer: string): Obj {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) this.fail(pointer, 'an object', v);
    return v as Obj;
  }

  array(v: unknown, pointer: string): unknown[] {
    if (!Array.isArray(v)) this.fail(pointer, 'an array', v);
    return v;
  }

  string(v: unknown, pointer: string): string {
    if (typeof v !== 'string') this.fail(pointer, 'a string', v);
    return v;
  }

  /** A string, or null when absent or null. */
  optString(v: unknown, pointer: string): string | null {
    if (v === undefined || v === null) return null;
    return this.string(v, pointer);
  }

  /** An id: a string, or an integer written as its decimal text. */
  id(v: unknown, pointer: string): string {
    if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
    if (typeof v !== 'string' || v === '') this.fail(pointer, 'a non-empty string or integer id', v);
    return v;
  }
}

/** A file's name without directories and its last extension(s) (`.json`, `.jsonl`, `.gz`). */
export function fileStem(file: string): string {
  const name = file.split(/[\\/]/).pop() ?? file;
  return name.replace(/(\.gz)?$/, '').replace(/\.(json|jsonl)$/, '');
}

/** Field name → records it was dropped from: unknown top-level fields of a log, never copied into an episode. */
export type DroppedFields = Record<string, number>;

/**
 * What an adapter is told about the document beside its records: where to count dropped
 * fields, and the rounded integer literals of its text (unsafeIntegers), refused per record;
 * or the text itself, searched for them only when a record holds an integer beyond 2^53
 * (rare: scanning every document read cost more than the search ever finds).
 */
export interface AdaptContext {
  dropped?: DroppedFields;
  unsafe?: UnsafeIntegers;
  text?: string;
}

/** Counts the keys of `record` outside `known` into `dropped` (when given). */
export function countDropped(record: Obj, known: ReadonlySet<string>, dropped: DroppedFields | undefined): void {
  if (dropped === undefined) return;
  for (const k of Object.keys(record)) if (!known.has(k)) dropped[k] = (dropped[k] ?? 0) + 1;
}

/** Whether a decoded JSON value is an object (not null, not an array): the shape format detection starts from. */
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
