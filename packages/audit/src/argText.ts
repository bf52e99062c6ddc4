import type { JsonObject } from '@carb/episodes/policy';

/** The string values of argument `key` (a string or an array of strings); [] when absent. */
export function argStrings(args: JsonObject, key: string): string[] {
  const v = Object.hasOwn(args, key) ? args[key] : undefined;
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return [];
}
