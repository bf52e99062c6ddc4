/**
 * What a reader found where it expected a file, for its one-line refusal (`found …`): "no
 * file" for a missing one, else the system's error code (EACCES, EISDIR, …), else the error's
 * own message (a JSON syntax error has no code).
 */
export function unreadableReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no file' : (code ?? (e as Error).message);
}
