import { eligibleForCalibration, formatProblem, readCorpus, streamCorpus, type CorpusFormat, type Episode } from '@carb/episodes';

/** What reading a corpus found: episodes read, and those left out by reason. */
export interface ReadStats {
  /** Episodes read (usable or not). */
  read: number;
  /** Aborted episodes left out (kept with --include-aborted). */
  aborted: number;
  /** Records refused as invalid (each printed as one problem line). */
  invalid: number;
}

/** A fresh ReadStats. */
export const readStats = (): ReadStats => ({ read: 0, aborted: 0, invalid: 0 });

export interface LoadOptions {
  format?: CorpusFormat;
  strict?: boolean;
  /** Keep aborted episodes (excluded from calibration by default). */
  includeAborted?: boolean;
}

/**
 * Reads a corpus for replay or calibration: prints every problem as one line, counts
 * what was excluded and why, and fails only when nothing usable remains (or on any
 * problem with --strict).
 */
export function loadEpisodes(paths: string[], options: LoadOptions & { stats?: ReadStats } = {}): Episode[] {
  const { episodes, problems } = readCorpus(paths, { format: options.format ?? 'auto' });
  if (options.stats) {
    options.stats.read += episodes.length;
    options.stats.invalid += problems.length;
  }
  for (const p of problems) process.stderr.write(`${formatProblem(p)}\n`);
  if (options.strict && problems.length > 0) throw new Error(`${problems.length} problem(s) in the input (--strict)`);
  const kept = options.includeAborted ? episodes : episodes.filter((e) => eligibleForCalibration(e));
  const excluded = episodes.length - kept.length;
  if (options.stats) options.stats.aborted += excluded;
  if (excluded > 0) process.stderr.write(`carb: excluded ${excluded} aborted episode(s) (use --include-aborted to keep them)\n`);
  if (kept.length === 0) throw new Error(`no usable episodes in ${paths.join(', ')}`);
  return kept;
}

/**
 * Streaming form of loadEpisodes for corpora larger than memory: yields batches of
 * usable episodes in loadEpisodes order, holding one batch. Problems are printed when
 * the stream ends, and the verdicts that need the whole corpus come last: with
 * --strict any problem, no usable episode, or a file that failed its integrity check
 * after its episodes went out (see streamCorpus) all throw after the last batch, so a
 * consumer must write its outputs only once the generator has returned.
 */
export async function* streamEpisodes(paths: string[], options: LoadOptions & { batchSize?: number; stats?: ReadStats } = {}): AsyncGenerator<Episode[]> {
  const stream = streamCorpus(paths, { format: options.format ?? 'auto', ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }) });
  let kept = 0;
  let excluded = 0;
  try {
    for await (const batch of stream) {
      const usable = options.includeAborted ? batch : batch.filter((e) => eligibleForCalibration(e));
      excluded += batch.length - usable.length;
      if (options.stats) {
        options.stats.read += batch.length;
        options.stats.aborted += batch.length - usable.length;
      }
      kept += usable.length;
      if (usable.length > 0) yield usable;
    }
  } finally {
    for (const p of stream.problems) process.stderr.write(`${formatProblem(p)}\n`);
    if (options.stats) options.stats.invalid += stream.problems.length;
  }
  if (options.strict && stream.problems.length > 0) throw new Error(`${stream.problems.length} problem(s) in the input (--strict)`);
  if (excluded > 0) process.stderr.write(`carb: excluded ${excluded} aborted episode(s) (use --include-aborted to keep them)\n`);
  if (kept === 0) throw new Error(`no usable episodes in ${paths.join(', ')}`);
}
