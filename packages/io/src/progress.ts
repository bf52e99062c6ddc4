import cliProgress from 'cli-progress';
import { restoreOnSignal } from './signalCleanup.ts';

export interface Progress {
  tick(n?: number): void;
  stop(): void;
}

/**
 * A progress bar on an interactive stderr; silent otherwise (CI, pipes). With `total` null
 * (a streamed corpus of unknown length) it counts instead.
 */
export function progress(label: string, total: number | null): Progress {
  if (!process.stderr.isTTY || (total !== null && total <= 0)) return { tick() {}, stop() {} };
  const format = total === null ? `${label} {value} episodes` : `${label} [{bar}] {value}/{total} {percentage}% eta {eta}s`;
  const bar = new cliProgress.SingleBar({ format, stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic);
  bar.start(total ?? 0, 0);
  // the bar hides the cursor and turns line wrapping off until it stops: an interrupted run stops it too
  const forget = restoreOnSignal(() => bar.stop());
  return {
    tick(n = 1) {
      bar.increment(n);
    },
    stop() {
      forget();
      bar.stop();
    },
  };
}
