import cliProgress from 'cli-progress';
import { printable } from '@carb/io';
import type { SweepEvent } from '@carb/sweep';

/** What a sweep run reports its conditions' status to. */
export interface SweepProgress {
  event(e: SweepEvent): void;
  stop(): void;
}

const STATUS_WIDTH = 'running'.length;

/**
 * A sweep's progress on stderr. At a terminal: a bar of finished conditions and one line per
 * condition with its status (queued, running, done, skipped). Elsewhere (CI, a batch engine's
 * log): one line per condition done or skipped, nothing else.
 */
export function sweepProgress(sweep: string, total: number): SweepProgress {
  if (!process.stderr.isTTY) {
    let finished = 0;
    return {
      event(e) {
        if (e.status === 'done')
          process.stderr.write(`sweep ${printable(sweep)}: done ${printable(e.name)} (${e.hash.slice(0, 12)}) ${++finished}/${total}\n`);
        if (e.status === 'skipped')
          process.stderr.write(`sweep ${printable(sweep)}: skipped ${printable(e.name)} (done, ${e.hash.slice(0, 12)})\n`);
        if (e.status === 'skipped') finished++;
      },
      stop() {},
    };
  }
  const bars = new cliProgress.MultiBar(
    { stream: process.stderr, hideCursor: true, clearOnComplete: false, autopadding: true },
    cliProgress.Presets.shades_classic,
  );
  const overall = bars.create(total, 0, {}, { format: `sweep ${sweep} [{bar}] {value}/{total} conditions` });
  const lines = new Map<string, cliProgress.SingleBar>();
  let stopped = false;
  return {
    event(e) {
      const status = e.status.padEnd(STATUS_WIDTH);
      const line = lines.get(e.name);
      if (line) line.update(0, { status });
      else lines.set(e.name, bars.create(1, 0, { status }, { format: `  {status} ${e.name} (${e.hash.slice(0, 12)})` }));
      if (e.status === 'done' || e.status === 'skipped') overall.increment(1);
    },
    stop() {
      if (!stopped) bars.stop();
      stopped = true;
    },
  };
}
