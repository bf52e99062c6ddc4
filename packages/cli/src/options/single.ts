import { UsageError } from './usageError.ts';

/** The one value given to `flag`; a flag given twice is refused rather than silently taking one. */
export function single(flag: string, raw: unknown): unknown {
  if (Array.isArray(raw)) throw new UsageError(`${flag}: expected one value, found ${raw.length} (${raw.join(', ')})`);
  return raw;
}
