/** A system error's code in the words a user acts on (the disk, a quota, permissions). */
const WORDS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota exceeded',
  EACCES: 'no permission to write there',
  EPERM: 'no permission to write there',
  EROFS: 'a read-only file system',
  EIO: 'an input/output error',
};

/**
 * The one-line error of a write of `what` that the system refused: `where` first (the output the
 * user named, not carb's temporary file, which node's message would name or not name at all:
 * "ENOSPC: no space left on device, write"), then the reason; every caller removes what it had
 * begun, so `where` is left as it was. An error without a system code (a bug) is returned as it
 * is. The code is kept on the new error.
 */
export function writeFailure(where: string, what: string, e: unknown): unknown {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return e;
  const reason = WORDS[code] ? `${WORDS[code]} (${code})` : (e as Error).message;
  return Object.assign(new Error(`${where}: expected to write ${what}, found ${reason}; ${where} left as it was`, { cause: e }), { code });
}
