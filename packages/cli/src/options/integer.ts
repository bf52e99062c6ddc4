import { single } from './single.ts';
import { badValue } from './usageError.ts';

/**
 * Parses `flag`'s text as a decimal integer in [min, max] (max defaults to the largest
 * safe integer). Only plain digits are accepted: 2.5, 1e3, 0x10, ' 3' and '' are refused
 * rather than rounded or reinterpreted.
 */
export function parseInteger(flag: string, raw: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = single(flag, raw);
  const expected =
    min === 1 && max === Number.MAX_SAFE_INTEGER
      ? 'a positive integer'
      : min === 0 && max === Number.MAX_SAFE_INTEGER
        ? 'a non-negative integer'
        : `an integer from ${min} to ${max}`;
  if (typeof text === 'number' && Number.isSafeInteger(text) && text >= min && text <= max) return text;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) throw badValue(flag, expected, text);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw badValue(flag, expected, text);
  return n;
}
