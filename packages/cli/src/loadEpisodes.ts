import { eligibleForCalibration, formatProblem, readCorpus, type Episode } from '@carb/episodes';

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
