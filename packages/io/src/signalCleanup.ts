import { rmSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** The signals carb cleans up on. */
export type CaughtSignal = (typeof SIGNALS)[number];

interface Cleanup {
  /** Removed on the signal; null for a cleanup that only restores (restoreOnSignal). */
  path: string | null;
  /** Told which signal came, once `path` is removed (an interrupted writer stops at its next turn). */
  then: ((signal: CaughtSignal) => void) | undefined;
}

const cleanups = new Set<Cleanup>();

// the one handler of the process: every registered path goes, then the process dies of the signal
function onSignal(sig: CaughtSignal): void {
  const now = [...cleanups];
  cleanups.clear();
  for (const s of SIGNALS) process.removeListener(s, onSignal);
  for (const c of now) if (c.path !== null) rmSync(c.path, { recursive: true, force: true });
  for (const c of now) c.then?.(sig);
  // nobody else handles it: die of the signal as if we had not been listening
  if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
}

/**
 * Removes `path` (a temporary file or folder, or a lock) if SIGINT, SIGTERM or SIGHUP arrives
 * before the returned function is called, then tells `then` which signal came; the process then
 * dies of the signal as it would have without the handler. One handler serves every registered
 * path. Work that runs long without giving the event loop a turn delays the removal (and the
 * death) until it does, so long loops yield now and then.
 */
export function removeOnSignal(path: string, then?: (signal: CaughtSignal) => void): () => void {
  return register({ path, then });
}

/**
 * Calls `restore` if SIGINT, SIGTERM or SIGHUP arrives before the returned function is called (a
 * progress bar gives the terminal its cursor and line wrapping back); the process then dies of the
 * signal as removeOnSignal's does. Without it a Ctrl-C left the terminal with no cursor.
 */
export function restoreOnSignal(restore: () => void): () => void {
  return register({ path: null, then: () => restore() });
}

function register(cleanup: Cleanup): () => void {
  if (cleanups.size === 0) for (const s of SIGNALS) process.on(s, onSignal);
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0) for (const s of SIGNALS) process.removeListener(s, onSignal);
  };
}
