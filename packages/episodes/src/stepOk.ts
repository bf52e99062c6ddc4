import { describeValue } from '@carb/io';

/**
 * The one rule relating a step's `ok` to its `error`: ok is error === null. Offline replay
 * reads `ok`, the live gate derives it from `error`; both check records with this, so the two
 * cannot disagree. Null when `ok` agrees, else `expected …, found …`.
 */
export function okIssue(ok: unknown, error: unknown): string | null {
  const expected = error === null;
  return ok === expected ? null : `expected ${expected} (ok is error === null), found ${describeValue(ok)}`;
}

// Blank, or holding a line break or another control character: an id is printed in problem
// lines, tables and file names, one per line.
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const NOT_ONE_LINE = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** Null when `id` is a usable episode or group id (non-blank, one line), else `expected …, found …`. */
export function idIssue(id: unknown): string | null {
  if (typeof id === 'string' && id.trim() !== '' && !NOT_ONE_LINE.test(id)) return null;
  return `expected a non-blank id on one line, found ${describeValue(id)}`;
}
