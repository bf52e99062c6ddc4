import { isUtf8 } from 'node:buffer';

/** A UTF-8 byte order mark as decoded text: some editors write one at the start of a file; carb skips it. */
export const BOM = '\ufeff';

/** The problem of bytes that are not UTF-8 (decoded, they would turn into U+FFFD silently). */
export const NOT_UTF8 = 'expected UTF-8 text, found bytes that are not (invalid UTF-8)';

/** `text` without a leading byte order mark: the one rule for the start of every text input. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The text of UTF-8 bytes (a leading byte order mark removed when `start` is true: the bytes
 * begin a file), or null when they are not valid UTF-8.
 */
export function utf8Text(bytes: Uint8Array, start: boolean): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  // the decoder writes U+FFFD for every invalid sequence, so text without one came from valid
  // bytes: the separate validating pass is paid only by text holding U+FFFD (rare)
  if (text.includes('\ufffd') && !isUtf8(bytes)) return null;
  return start ? stripBom(text) : text;
}
