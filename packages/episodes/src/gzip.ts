import { gunzipSync } from 'node:zlib';
import { AdapterError } from './problems.ts';

/** The one-line refusal of a .gz file that does not decompress (zlib's reason in brackets). */
export function gzipError(file: string, e: unknown): AdapterError {
  return new AdapterError(
    file,
    null,
    'malformed-gzip',
    `expected gzip-compressed data, found bytes that do not decompress (${(e as Error).message})`,
  );
}

/** Whole-file gunzip for the synchronous reader; throws only AdapterError. */
export function gunzipFile(data: Buffer, file: string): Buffer {
  try {
    return gunzipSync(data);
  } catch (e) {
    throw gzipError(file, e);
  }
}
