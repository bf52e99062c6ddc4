import { eligibleForCalibration, formatProblem, readCorpus, streamCorpus, type Episode } from '@carb/episodes';

export interface LoadOptions {
  format?: 'agentdojo' | 'jsonl' | 'arrow' | 'auto';
  strict?: boolean;
  /** Keep aborted episodes (excluded from calibration by default). */
  includeAborted?: boolean;
}

/**
 * Reads a corpus for replay or calibration: prints every problem as one line, counts
 * what was excluded and why, and fails only when nothing usable remains (or on any
 * problem with --strict).
 */
export function loadEpisodes(paths: string[], options: LoadOptions = {}): Episode[] {
  const { episodes, problems } = readCorpus(paths, { format: options.format ?? 'auto' });
  for (const p of problems) process.stderr.write(`${formatProblem(p)}\n`);
  if (options.strict && problems.length > 0) throw new Error(`${problems.length} problem(s) in the input (--strict)`);
  const kept = options.includeAborted ? episodes : episodes.filter((e) => eligibleForCalibration(e));
  const excluded = episodes.length - kept.length;
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
export async function* streamEpisodes(paths: string[], options: LoadOptions & { batchSize?: number } = {}): AsyncGenerator<Episode[]> {
  const stream = streamCorpus(paths, { format: options.format ?? 'auto', ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }) });
  let kept = 0;
  let excluded = 0;
  try {
    for await (const batch of stream) {
      const usable = options.includeAborted ? batch : batch.filter((e) => eligibleForCalibration(e));
      excluded += batch.length - usable.length;
      kept += usable.length;
      if (usable.length > 0) yield usable;
    }
  } finally {
    for (const p of stream.problems) process.stderr.write(`${formatProblem(p)}\n`);
  }
  if (options.strict && stream.problems.length > 0) throw new Error(`${stream.problems.length} problem(s) in the input (--strict)`);
  if (excluded > 0) process.stderr.write(`carb: excluded ${excluded} aborted episode(s) (use --include-aborted to keep them)\n`);
  if (kept === 0) throw new Error(`no usable episodes in ${paths.join(', ')}`);
}
