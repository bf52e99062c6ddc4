import { single } from './single.ts';
import { badValue } from './usageError.ts';

/** --delta: a decimal in (0, 1) (calibrate's high-probability δ, monitor's alarm level). */
export function parseDelta(flag: string, raw: unknown): number {
  const text = single(flag, raw);
  const x = typeof text === 'number' ? text : typeof text === 'string' && /^(0?\.\d+|0)$/.test(text.trim()) ? Number(text) : NaN;
  if (!(x > 0 && x < 1)) throw badValue(flag, 'a decimal in (0, 1) such as .1', text);
  return x;
}
