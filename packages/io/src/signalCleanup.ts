import { rmSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Caught = (typeof SIGNALS)[number];

const paths = new Set<string>();

function onSignal(sig: Caught): void {
  for (const p of paths) rmSync(p, { recursive: true, force: true });
  paths.clear();
  for (const s of SIGNALS) process.removeListener(s, onSignal);
  // nobody else handles it: die of the signal as if we had not been listening
  if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
}

/**
 * Removes `path` (a temporary file or folder, or a lock) if SIGINT, SIGTERM or SIGHUP arrives
 * before the returned function is called; the process then dies of the signal as it would
 * have without the handler. Work that runs long without giving the event loop a turn delays
 * the removal (and the death) until it does, so long loops yield now and then.
 */
export function removeOnSignal(path: string): () => void {
  if (paths.size === 0) for (const s of SIGNALS) process.on(s, onSignal);
  paths.add(path);
  return () => {
    paths.delete(path);
    if (paths.size === 0) for (const s of SIGNALS) process.removeListener(s, onSignal);
  };
}
