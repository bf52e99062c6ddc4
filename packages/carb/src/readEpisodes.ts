import type { CorpusFormat, Episode } from '@carb/episodes';
import { loadEpisodes } from '@carb/jobs';

/** How readEpisodes reads a corpus (the flags of `carb calibrate` of the same names). */
export interface ReadEpisodesOptions {
  /** Corpus format (default: detected from each path). */
  format?: CorpusFormat;
  /** Refuse the corpus on any problem, instead of counting and skipping the bad records. */
  strict?: boolean;
  /** Keep episodes whose run was aborted (left out by default, as calibration leaves them out). */
  includeAborted?: boolean;
  /** Gets each problem line (`file: record: expected …`) and the count of aborted episodes left out; nothing is written to stderr. */
  onNotice?: (line: string) => void;
}

/**
 * The episodes of corpora in any supported format (an AgentDojo runs folder, canonical .jsonl,
 * .jsonl.gz or .arrow), in file order, as `carb calibrate` reads them: each problem is one line
 * naming the file and the record (given to `onNotice`), skipped records are counted; throws when nothing
 * usable remains (or on any problem with `strict`).
 */
export function readEpisodes(paths: string | readonly string[], options: ReadEpisodesOptions = {}): Episode[] {
  return loadEpisodes(typeof paths === 'string' ? [paths] : [...paths], {
    format: options.format ?? 'auto',
    strict: options.strict ?? false,
    includeAborted: options.includeAborted ?? false,
    ...(options.onNotice ? { onNotice: options.onNotice } : {}),
  });
}
