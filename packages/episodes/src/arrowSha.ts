import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

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

/**
 * Streaming form of arrowFileSha256 over a file on disk: hashed chunk by chunk, with the
 * 64 bytes at `at` read as the placeholder (same digest, bounded memory).
 */
export async function arrowFileSha256Streamed(file: string, at: number): Promise<string> {
  const hash = createHash('sha256');
  let pos = 0;
  for await (const c of createReadStream(file, { highWaterMark: 1 << 20 })) {
    let chunk = c as Buffer;
    const from = Math.max(at, pos);
    const to = Math.min(at + 64, pos + chunk.length);
    if (from < to) {
      chunk = Buffer.from(chunk);
      chunk.fill(0x30, from - pos, to - pos);
    }
    hash.update(chunk);
    pos += chunk.length;
  }
  return hash.digest('hex');
}

/**
 * File offset of the 64 digits `arrowSha256` in the footer of an Arrow file on disk (the
 * footer is read alone: its length is in the 4 bytes before the closing magic), or -1.
 */
export async function arrowShaOffsetOnDisk(file: string, size: number, digits: string): Promise<number> {
  const fh = await open(file, 'r');
  try {
    const end = Buffer.alloc(10);
    if (size < 10) return -1;
    await fh.read(end, 0, 10, size - 10);
    const footer = end.readInt32LE(0);
    const len = Math.min(size, Math.max(0, footer) + 10);
    const tail = Buffer.alloc(len);
    await fh.read(tail, 0, len, size - len);
    const i = arrowShaOffset(tail, digits);
    return i < 0 ? -1 : size - len + i;
  } finally {
    await fh.close();
  }
}
