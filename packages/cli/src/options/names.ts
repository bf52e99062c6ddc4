import { single } from './single.ts';
import { badValue } from './usageError.ts';

/**
 * A comma list of names (non-empty entries). Whether they name anything is checked where the
 * names are known (e.g. the conditions of a sweep spec).
 */
export function parseNames(flag: string, raw: unknown): string[] {
  const text = single(flag, raw);
  if (typeof text !== 'string' || text.trim() === '') throw badValue(flag, 'a comma list of names', text ?? '');
  const names = text.split(',').map((s) => s.trim());
  if (names.includes('')) throw badValue(flag, 'a comma list of names', `an empty entry in "${text}"`);
  return names;
}
