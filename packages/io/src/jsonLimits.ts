/** Deepest nesting carb reads in one record (a line, a log, a simulation): deeper input is refused, not overflowed. */
export const MAX_JSON_DEPTH = 1000;

/** The problem of a record nested deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP = `expected JSON nested at most ${MAX_JSON_DEPTH} deep, found deeper`;

/** Why a decoded JSON value cannot be read safely: counted under `reason`, reported as `message`. */
export interface JsonLimitIssue {
  reason: 'too-deep' | 'non-finite-number' | 'unsafe-integer';
  message: string;
}

/** Integer literals JSON.parse reads as another number (beyond 2^53), by the number it reads them as. */
export type UnsafeIntegers = ReadonlyMap<number, string>;

// An integer literal JSON.parse rounds has 16+ digits.
const LONG_DIGITS = /\d{16}/;

/**
 * The integer literals of JSON `text` (outside strings) that JSON.parse rounds, such as
 * 576460752303426024 (read as 576460752303426000): an id that silently became another.
 */
export function unsafeIntegers(text: string): UnsafeIntegers {
  const out = new Map<number, string>();
  if (!LONG_DIGITS.test(text)) return out;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j]!)) j++;
      const literal = text.slice(i, j);
      if (/^-?\d{16,}$/.test(literal) && BigInt(literal) !== BigInt(Number(literal))) out.set(Number(literal), literal);
      i = j - 1;
    }
  }
  return out;
}

/** Where a walked value sits in its record, and how its numbers were written. */
export interface LimitOptions {
  /** Depth of the value in its record (0: the record itself); the limit counts from the record. */
  depth?: number;
  /** JSON pointer of the value in its record, prefixed to the pointer of an offending number. */
  at?: string;
  /** The rounded integer literals of the record's text (unsafeIntegers), when known... */
  unsafe?: UnsafeIntegers;
  /** ...or the text itself, searched for them only when the value holds an integer beyond 2^53 (rare). */
  text?: string;
}

// The walk's stack, reused: this runs on every record read, so it allocates nothing per node.
const values: unknown[] = [];
const depths: number[] = [];

/**
 * Walks a decoded JSON value without recursion (JSON.parse nests without limit; the recursive
 * code after it, canonicalize or JSON.stringify, overflows the stack near 5,000): nesting deeper
 * than MAX_JSON_DEPTH, a non-finite number (`1e999`, which JSON.stringify would write as null)
 * or a number read from a rounded integer literal is an issue; null when there is none. A
 * scalar is 0 deep, a container 1 + its deepest member.
 */
export function jsonLimitIssue(value: unknown, opts?: LimitOptions): JsonLimitIssue | null {
  if (value === null || typeof value !== 'object') return typeof value === 'number' ? numberCheck(value, value, opts) : null;
  let found: JsonLimitIssue | null = null;
  top = 0;
  values[top] = value;
  depths[top++] = opts?.depth ?? 0;
  while (top > 0 && found === null) {
    const v = values[--top] as object;
    values[top] = undefined;
    const depth = depths[top]!;
    if (depth >= MAX_JSON_DEPTH) {
      found = { reason: 'too-deep', message: TOO_DEEP };
      break;
    }
    if (Array.isArray(v)) for (let i = 0; i < v.length && found === null; i++) found = member(value, v[i], depth, opts);
    else
      // for-in, not Object.values: no array per object, half of this walk's time on 2,587 AgentDojo
      // logs (a JSON value's objects are plain: nothing inherited enumerates)
      for (const k in v) {
        found = member(value, (v as Record<string, unknown>)[k], depth, opts);
        if (found !== null) break;
      }
  }
  values.fill(undefined, 0, top);
  return found;
}

/** Entries on the walk's stack (values, depths). */
let top = 0;

/** One member of a container at `depth`: a container is stacked, a number beyond ±2^53 checked; the issue or null. */
function member(root: unknown, x: unknown, depth: number, opts: LimitOptions | undefined): JsonLimitIssue | null {
  if (typeof x === 'object') {
    if (x !== null) {
      values[top] = x;
      depths[top++] = depth + 1;
    }
    return null;
  }
  return typeof x === 'number' && !(x <= MAX && x >= -MAX) ? numberCheck(root, x, opts) : null;
}

const MAX = Number.MAX_SAFE_INTEGER;

// A number beyond ±2^53 or not finite (rare): the issue it makes, found again with its pointer, or null.
function numberCheck(root: unknown, x: number, opts: LimitOptions | undefined): JsonLimitIssue | null {
  const unsafe = opts?.unsafe ?? (opts?.text === undefined ? undefined : unsafeIntegers(opts.text));
  if (Number.isFinite(x)) return unsafe?.has(x) ? numberIssue(root, unsafe, opts?.at ?? '') : null;
  // the first offending number in walk order is named, a rounded literal before the non-finite one included
  return numberIssue(root, unsafe, opts?.at ?? '');
}

/** The issue of a value known to hold a number it cannot keep, with its JSON pointer (found again: rare). */
function numberIssue(root: unknown, unsafe: UnsafeIntegers | undefined, prefix: string): JsonLimitIssue {
  const stack: Array<{ value: unknown; at: string }> = [{ value: root, at: prefix }];
  while (stack.length > 0) {
    const { value: v, at } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v))
        return {
          reason: 'non-finite-number',
          message: `${at || '/'}: expected a finite number, found one out of range (it parses as ${v})`,
        };
      const literal = unsafe?.get(v);
      if (literal !== undefined) {
        return {
          reason: 'unsafe-integer',
          message: `${at || '/'}: expected an integer JSON numbers hold exactly (at most 2^53), found ${literal} (it parses as ${BigInt(v)})`,
        };
      }
    }
    if (v === null || typeof v !== 'object') continue;
    const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i]![1], at: `${at}/${entries[i]![0].replace(/~/g, '~0').replace(/\//g, '~1')}` });
  }
  throw new Error('numberIssue: no such number in the value');
}

/** jsonLimitIssue of the value JSON.parse made of `text` (a whole record, or a part at `opts.depth`). */
export function parsedJsonIssue(text: string, value: unknown, opts: Omit<LimitOptions, 'text' | 'unsafe'> = {}): JsonLimitIssue | null {
  return jsonLimitIssue(value, { ...opts, text });
}
