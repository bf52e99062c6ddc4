import { single } from './single.ts';
import { badValue } from './usageError.ts';

/** A non-empty string value (a path, a name); `suffixes`, when given, are the endings allowed. */
export function parseText(flag: string, raw: unknown, suffixes: readonly string[] = []): string {
  const v = single(flag, raw);
  if (typeof v !== 'string' || v === '')
    throw badValue(flag, suffixes.length ? `a file name ending in ${suffixes.join(' or ')}` : 'a value', v ?? '');
  if (suffixes.length && !suffixes.some((s) => v.endsWith(s))) throw badValue(flag, `a file name ending in ${suffixes.join(' or ')}`, v);
  return v;
}
