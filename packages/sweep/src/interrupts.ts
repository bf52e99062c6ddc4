const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Caught = (typeof SIGNALS)[number];

/**
 * Runs `onSignal` on SIGINT, SIGTERM or SIGHUP, then dies of the signal as if nobody had been
 * listening (unless someone else listens too); returns the function that stops listening.
 * Files are written synchronously on the main thread, so a handler never runs in the middle of
 * one: what is on disk then is whole files only, and worker threads die with the process.
 */
export function onInterrupt(onSignal: (signal: Caught) => void): () => void {
  const handler = (sig: Caught) => {
    stop();
    onSignal(sig);
    if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
  };
  const stop = () => {
    for (const s of SIGNALS) process.removeListener(s, handler);
  };
  for (const s of SIGNALS) process.on(s, handler);
  return stop;
}
