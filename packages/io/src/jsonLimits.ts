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

// A number literal JSON.parse turns into ±Infinity has an exponent of 3+ digits or 309+ digits;
// an integer literal it rounds has 16+ digits.
const HUGE_NUMBER = /\d[eE][+-]?\d{3}|\d{16}/;
const LONG_DIGITS = /\d{16}/;

/**
 * True when `text` may hold JSON nested deeper than MAX_JSON_DEPTH or a number JSON.parse
 * does not read exactly (±Infinity, a rounded integer); false only when it surely holds none.
 * Conservative and cheap (no allocation, a few fast searches), so that the hot path of reading
 * 10⁶ JSONL episodes skips the walk of jsonLimitIssue: depth needs at least MAX + 1 brackets,
 * counted here outside and inside strings alike.
 */
export function jsonTextNeedsWalk(text: string): boolean {
  if (HUGE_NUMBER.test(text)) return true;
  let brackets = 0;
  for (const open of ['{', '[']) {
    for (let i = text.indexOf(open); i >= 0; i = text.indexOf(open, i + 1)) {
      if (++brackets > MAX_JSON_DEPTH) return true;
    }
  }
  return false;
}

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
      if (c === 0x5c) i++; // backslash: skip the escaped character
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

type Frame = { value: unknown; depth: number };

/**
 * Walks a decoded JSON value without recursion (JSON.parse nests without limit; the recursive
 * code after it, canonicalize or JSON.stringify, overflows the stack near 5,000): nesting deeper
 * than MAX_JSON_DEPTH, a non-finite number (`1e999`, which JSON.stringify would write as null)
 * or a number read from one of `unsafe`'s rounded literals is an issue; null when there is none.
 * A scalar is 0 deep, a container 1 + its deepest member.
 */
export function jsonLimitIssue(value: unknown, unsafe?: UnsafeIntegers): JsonLimitIssue | null {
  const stack: Frame[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || unsafe?.has(v)) return numberIssue(value, unsafe);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { reason: 'too-deep', message: TOO_DEEP };
    if (Array.isArray(v)) for (const x of v) stack.push({ value: x, depth: depth + 1 });
    else for (const k in v) stack.push({ value: (v as Record<string, unknown>)[k], depth: depth + 1 });
  }
  return null;
}

/** The issue of a value known to hold a number it cannot keep, with its JSON pointer (found again: rare). */
function numberIssue(root: unknown, unsafe: UnsafeIntegers | undefined): JsonLimitIssue {
  const stack: Array<{ value: unknown; at: string }> = [{ value: root, at: '' }];
  while (stack.length > 0) {
    const { value: v, at } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { reason: 'non-finite-number', message: `${at || '/'}: expected a finite number, found one out of range (it parses as ${v})` };
      const literal = unsafe?.get(v);
      if (literal !== undefined) {
        return { reason: 'unsafe-integer', message: `${at || '/'}: expected an integer JSON numbers hold exactly (at most 2^53), found ${literal} (it parses as ${BigInt(v)})` };
      }
    }
    if (v === null || typeof v !== 'object') continue;
    const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], at: `${at}/${entries[i]![0].replace(/~/g, '~0').replace(/\//g, '~1')}` });
  }
  throw new Error('numberIssue: no such number in the value');
}

/** jsonLimitIssue of the value JSON.parse made of `text`, skipped when the text cannot hold an issue. */
export function parsedJsonIssue(text: string, value: unknown): JsonLimitIssue | null {
  return jsonTextNeedsWalk(text) ? jsonLimitIssue(value, unsafeIntegers(text)) : null;
}
