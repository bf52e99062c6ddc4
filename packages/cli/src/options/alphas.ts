import { parseAlpha } from '@carb/calibrate';
import { single } from './single.ts';
import { badValue } from './usageError.ts';

const EXPECTED = 'a comma list of budgets in (0, 1) such as .05,.10 or 1/493';

/**
 * Risk budgets α as exact texts (decimals or fractions, parsed like the calibrator parses
 * them): at least one, each strictly between 0 and 1, none repeated by value.
 */
export function parseAlphas(flag: string, raw: unknown): string[] {
  const text = single(flag, raw);
  if (typeof text !== 'string' || text.trim() === '') throw badValue(flag, EXPECTED, text ?? '');
  const out: string[] = [];
  const seen = new Map<string, string>();
  for (const part of text.split(',')) {
    const s = part.trim();
    if (s === '') throw badValue(flag, EXPECTED, `an empty entry in "${text}"`);
    let r;
    try {
      r = parseAlpha(s);
    } catch {
      throw badValue(flag, EXPECTED, s);
    }
    if (r.num === 0n || r.num === r.den) throw badValue(flag, EXPECTED, s);
    const key = `${r.num}/${r.den}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) throw badValue(flag, 'each budget once', `${s} (equal to ${earlier})`);
    seen.set(key, s);
    out.push(s);
  }
  return out;
}

/** A yargs `coerce` for a budget list. */
export const alphasOption = (flag: string) => (raw: unknown): string[] => parseAlphas(flag, raw);
