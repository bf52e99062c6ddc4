/**
 * A mistake on the command line (unknown flag, bad value, missing option): reported as
 * one line before any work starts, exit code 2. Everything else a command throws is a
 * data error (exit code 1).
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `--flag: expected …, found …` as a UsageError. */
export function badValue(flag: string, expected: string, found: unknown): UsageError {
  return new UsageError(`${flag}: expected ${expected}, found ${shown(found)}`);
}

function shown(found: unknown): string {
  if (found === '') return 'an empty value';
  if (typeof found === 'string') return found;
  // undefined (and a function) has no JSON text
  const text = JSON.stringify(found) as string | undefined;
  return text ?? String(found);
}
