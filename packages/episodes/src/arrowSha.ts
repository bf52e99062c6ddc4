import { createHash } from 'node:crypto';

/** The 64 digits `arrowSha256` holds while the file is hashed. */
export const ARROW_SHA_PLACEHOLDER = '0'.repeat(64);

/**
 * SHA-256 (hex) of a whole Arrow file with the 64 digits at `at` (its own `arrowSha256`)
 * read as zeros: so it covers every byte, including those no reader looks at (padding,
 * validity bitmaps of columns without nulls, the trailing magic).
 */
export function arrowFileSha256(bytes: Uint8Array, at: number): string {
  return createHash('sha256')
    .update(bytes.subarray(0, at))
    .update(ARROW_SHA_PLACEHOLDER, 'latin1')
    .update(bytes.subarray(at + 64))
    .digest('hex');
}

/** Offset of the 64 digits of `"arrowSha256":"<digits>"` (the footer is at the end), or -1. */
export function arrowShaOffset(bytes: Uint8Array, digits: string): number {
  const key = `"arrowSha256":"`;
  const i = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf(`${key}${digits}"`, undefined, 'latin1');
  return i < 0 ? -1 : i + key.length;
}
