import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** SHA-256 (hex) of bytes, as a manifest's `outputs` records each file. */
export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 (hex) of a file's bytes. */
export function fileSha256(file: string): string {
  return sha256Hex(readFileSync(file));
}
