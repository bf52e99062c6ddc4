import { single } from './single.ts';
import { badValue } from './usageError.ts';

/** A SHA-256 in hex (64 characters, as a manifest prints it), lower-cased. */
export function parseSha256(flag: string, raw: unknown): string {
  const v = single(flag, raw);
  if (typeof v !== 'string' || !/^[0-9a-fA-F]{64}$/.test(v)) throw badValue(flag, 'a SHA-256 of 64 hex digits', v ?? '');
  return v.toLowerCase();
}
