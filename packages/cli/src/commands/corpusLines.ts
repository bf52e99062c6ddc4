import type { CorpusSummary } from '@carb/episodes';
import { printable, printableLines } from '@carb/io';

/**
 * Reports a failure as one line and a non-zero exit code. (A throw from a synchronous
 * handler escapes main()'s yargs fail handler as a stack trace.)
 */
export function fail(message: string): void {
  process.stderr.write(`carb: ${printableLines(message)}\n`);
  process.exitCode = 1;
}

const list = (r: Record<string, number>) => {
  const e = Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1));
  return e.length === 0 ? 'none' : e.map(([k, v]) => `${printable(k)} ${v}`).join(', ');
};

/** The closing summary of `carb ingest` and `carb inspect` (one fact per line). */
export function summaryLines(s: CorpusSummary, unknown: Record<string, number>): string[] {
  return [
    `files read: ${s.files} (${(s.bytes / 1e6).toFixed(1)} MB)`,
    `episodes: ${s.episodes}`,
    `skipped: ${list(s.skipped)}`,
    `flagged: aborted ${s.flagged.aborted}, textOnlyCalls ${s.flagged.textOnlyCalls}`,
    `unknown tools: ${list(unknown)}`,
    // only when there are some: most logs have none
    ...Object.entries(s.dropped).map(
      ([field, n]) => `dropped unknown field ${field} in ${n} record${n === 1 ? '' : 's'} (not copied into the corpus)`,
    ),
  ];
}
