import { single } from './single.ts';
import { badValue } from './usageError.ts';

/** Most seeds one option may name: each seed is a full replay, so a slip like 0-99999999 is refused, not run. */
export const MAX_SEEDS = 1000;

/** "0-19" or "0,3,7" (or a mix) → seed list, in the order given, none repeated. */
export function parseSeedList(flag: string, raw: unknown): number[] {
  const text = single(flag, raw);
  const expected = 'seeds or ranges of non-negative integers such as 0-19 or 0,3,7';
  if (typeof text !== 'string' || text.trim() === '') throw badValue(flag, expected, text ?? '');
  const out: number[] = [];
  const seen = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) throw badValue(flag, expected, part.trim() === '' ? `an empty entry in "${text}"` : part.trim());
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi)) throw badValue(flag, 'seeds below 2^53', part.trim());
    if (hi < lo) throw badValue(flag, 'a range low-high with low ≤ high', part.trim());
    if (out.length + (hi - lo + 1) > MAX_SEEDS) throw badValue(flag, `at most ${MAX_SEEDS} seeds`, text);
    for (let s = lo; s <= hi; s++) {
      if (seen.has(s)) throw badValue(flag, 'each seed once', `${s} twice`);
      seen.add(s);
      out.push(s);
    }
  }
  return out;
}
