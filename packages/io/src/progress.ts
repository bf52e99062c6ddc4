import cliProgress from 'cli-progress';

export interface Progress {
  tick(n?: number): void;
  stop(): void;
}

/** A progress bar on an interactive stderr; silent otherwise (CI, pipes). */
export function progress(label: string, total: number): Progress {
  if (!process.stderr.isTTY || total <= 0) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} {percentage}% eta {eta}s`, stream: process.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    tick(n = 1) { bar.increment(n); },
    stop() { bar.stop(); },
  };
}
