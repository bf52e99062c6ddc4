/** Deepest nesting carb reads in one record (a line, a log, a simulation): deeper input is refused, not overflowed. */
export const MAX_JSON_DEPTH = 1000;

/** The problem of a record nested deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP = `expected JSON nested at most ${MAX_JSON_DEPTH} deep, found deeper`;

/** Why a decoded JSON value cannot be read safely: counted under `reason`, reported as `message`. */
export interface JsonLimitIssue {
  reason: 'too-deep' | 'non-finite-number';
  message: string;
}

// A number literal JSON.parse turns into ±Infinity has an exponent of 3+ digits or 309+ digits.
const HUGE_NUMBER = /\d[eE][+-]?\d{3}|\d{309}/;

/**
 * True when `text` may hold JSON nested deeper than MAX_JSON_DEPTH or a number JSON.parse
 * turns into ±Infinity; false only when it surely holds neither. Conservative and cheap (no
 * allocation, a few fast searches), so that the hot path of reading 10⁶ JSONL episodes skips
 * the walk of jsonLimitIssue: depth needs at least MAX + 1 brackets, counted here outside and
 * inside strings alike.
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

type Frame = { value: unknown; depth: number };

/**
 * Walks a decoded JSON value without recursion (JSON.parse nests without limit; the recursive
 * code after it, canonicalize or JSON.stringify, overflows the stack near 5,000): nesting deeper
 * than MAX_JSON_DEPTH, or a non-finite number (`1e999`, which JSON.stringify would write as
 * null), is an issue; null when there is none. A scalar is 0 deep, a container 1 + its deepest member.
 */
export function jsonLimitIssue(value: unknown): JsonLimitIssue | null {
  const stack: Frame[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return nonFinite(value);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { reason: 'too-deep', message: TOO_DEEP };
    if (Array.isArray(v)) for (const x of v) stack.push({ value: x, depth: depth + 1 });
    else for (const k in v) stack.push({ value: (v as Record<string, unknown>)[k], depth: depth + 1 });
  }
  return null;
}

/** The issue of a value known to hold a non-finite number, with its JSON pointer (found again: rare). */
function nonFinite(root: unknown): JsonLimitIssue {
  const stack: Array<{ value: unknown; at: string }> = [{ value: root, at: '' }];
  while (stack.length > 0) {
    const { value: v, at } = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) {
      return { reason: 'non-finite-number', message: `${at || '/'}: expected a finite number, found one out of range (it parses as ${v})` };
    }
    if (v === null || typeof v !== 'object') continue;
    const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], at: `${at}/${entries[i]![0].replace(/~/g, '~0').replace(/\//g, '~1')}` });
  }
  throw new Error('nonFinite: no non-finite number in the value');
}

/** jsonLimitIssue of the value JSON.parse made of `text`, skipped when the text cannot hold an issue. */
export function parsedJsonIssue(text: string, value: unknown): JsonLimitIssue | null {
  return jsonTextNeedsWalk(text) ? jsonLimitIssue(value) : null;
}
