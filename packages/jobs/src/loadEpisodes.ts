import {
  MAX_LINE_BYTES,
  eligibleForCalibration,
  readCorpus,
  streamCorpus,
  type CorpusFormat,
  type CorpusListing,
  type DeferredCorpus,
  type DeferredPiece,
  type Episode,
  type EpisodeHead,
  type Problem,
  type RecordLines,
} from '@carb/episodes';
import type { LineBatch } from '@carb/replay';
import { NO_NOTICE, noticeProblems, type Notice } from './notice.ts';

/** What reading a corpus found: episodes read, and those left out by reason. */
export interface ReadStats {
  /** Episodes read (usable or not). */
  read: number;
  /** Aborted episodes left out (kept with --include-aborted). */
  aborted: number;
  /** Records refused as invalid (each one problem line). */
  invalid: number;
}

/** A fresh ReadStats. */
export const readStats = (): ReadStats => ({ read: 0, aborted: 0, invalid: 0 });

export interface LoadOptions {
  format?: CorpusFormat;
  strict?: boolean;
  /** Keep aborted episodes (excluded from calibration by default). */
  includeAborted?: boolean;
  /** Gets each problem line and the count of aborted episodes left out (default: none; the CLI prints them on stderr). */
  onNotice?: Notice;
}

/** The notice line counting the aborted episodes left out. */
const excludedLine = (excluded: number): string => `carb: excluded ${excluded} aborted episode(s) (use --include-aborted to keep them)`;

/**
 * Reads a corpus for replay or calibration: gives every problem as one notice line, counts
 * what was excluded and why, and fails only when nothing usable remains (or on any
 * problem with --strict).
 */
export function loadEpisodes(paths: string[], options: LoadOptions & { stats?: ReadStats } = {}): Episode[] {
  const { episodes, problems } = readCorpus(paths, { format: options.format ?? 'auto' });
  if (options.stats) {
    options.stats.read += episodes.length;
    options.stats.invalid += problems.length;
  }
  const onNotice = options.onNotice ?? NO_NOTICE;
  noticeProblems(problems, onNotice);
  if (options.strict && problems.length > 0) throw new Error(`${problems.length} problem(s) in the input (--strict)`);
  const kept = options.includeAborted ? episodes : episodes.filter((e) => eligibleForCalibration(e));
  const excluded = episodes.length - kept.length;
  if (options.stats) options.stats.aborted += excluded;
  if (excluded > 0) onNotice(excludedLine(excluded));
  if (kept.length === 0) throw new Error(`no usable episodes in ${paths.join(', ')}`);
  return kept;
}

/**
 * Streaming form of loadEpisodes for corpora larger than memory: yields batches of
 * usable episodes in loadEpisodes order, holding one batch. Problems are given when
 * the stream ends, and the verdicts that need the whole corpus come last: with
 * --strict any problem, no usable episode, or a file that failed its integrity check
 * after its episodes went out (see streamCorpus) all throw after the last batch, so a
 * consumer must write its outputs only once the generator has returned.
 */
export async function* streamEpisodes(
  paths: string[],
  options: LoadOptions & { batchSize?: number; stats?: ReadStats; listing?: CorpusListing } = {},
): AsyncGenerator<Episode[]> {
  const stream = streamCorpus(paths, {
    format: options.format ?? 'auto',
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(options.listing ? { listing: options.listing } : {}),
  });
  const count = { kept: 0, excluded: 0 };
  try {
    for await (const batch of stream) {
      const usable = options.includeAborted ? batch : batch.filter((e) => eligibleForCalibration(e));
      tallyUsable(batch.length, usable.length, count, options.stats);
      if (usable.length > 0) yield usable;
    }
  } finally {
    tallyProblems(stream.problems, options);
  }
  endVerdicts(paths, stream.problems.length, count, options);
}

const NO_LINES: RecordLines = { bytes: new Uint8Array(0), lengths: [], lineNumbers: [] };

/** A corpus read as line batches for replayStream; see streamLineBatches. */
export interface LineRead {
  batches: AsyncGenerator<LineBatch>;
  /**
   * Call once replayStream has settled every batch, or has failed: gives the problems, then
   * (when it succeeded) gives streamEpisodes's end verdicts. The batches end before they are
   * settled (a pool reads ahead), so these cannot come at the end of the batches.
   */
  end(succeeded: boolean): void;
}

/**
 * streamEpisodes of a corpus whose JSONL record lines are decoded in the replay workers
 * (DeferredCorpus, LineBatch): the same rules, counts, problem lines and verdicts. `take`
 * receives each usable episode's head and digest hash (32 bytes of `hashes` from `at`), in streamEpisodes order; the rows of
 * the others are dropped.
 */
export function streamLineBatches(
  corpus: DeferredCorpus,
  paths: string[],
  options: LoadOptions & { stats?: ReadStats },
  take: (head: EpisodeHead, hashes: Uint8Array, at: number) => void,
): LineRead {
  const count = { kept: 0, excluded: 0 };
  async function* batches(): AsyncGenerator<LineBatch> {
    for await (const piece of corpus.pieces()) {
      // what settling needs of the piece, without its lines (they die once posted to a worker)
      const settled: DeferredPiece = piece.end ? piece : { file: piece.file, lines: NO_LINES };
      yield {
        ...(piece.lines ?? NO_LINES),
        maxLine: MAX_LINE_BYTES,
        settle: (decoded, hashes) => {
          const unique = corpus.settle(settled, decoded);
          const rows: boolean[] = [];
          let k = 0;
          let read = 0;
          let usable = 0;
          for (const d of decoded) {
            if (!('head' in d)) continue;
            const use = unique[k]! && (options.includeAborted === true || eligibleForCalibration(d.head));
            if (unique[k]) read++;
            if (use) {
              usable++;
              take(d.head, hashes, 32 * k);
            }
            rows.push(use);
            k++;
          }
          tallyUsable(read, usable, count, options.stats);
          return rows;
        },
      };
    }
  }
  return {
    batches: batches(),
    end(succeeded) {
      tallyProblems(corpus.problems, options);
      if (succeeded) endVerdicts(paths, corpus.problems.length, count, options);
    },
  };
}

function tallyUsable(read: number, usable: number, count: { kept: number; excluded: number }, stats: ReadStats | undefined): void {
  count.excluded += read - usable;
  count.kept += usable;
  if (stats) {
    stats.read += read;
    stats.aborted += read - usable;
  }
}

/** The problems given as notice lines and counted as invalid records. */
function tallyProblems(problems: readonly Problem[], options: LoadOptions & { stats?: ReadStats }): void {
  noticeProblems(problems, options.onNotice ?? NO_NOTICE);
  if (options.stats) options.stats.invalid += problems.length;
}

// The verdicts that need the whole corpus: they come after the last batch (see streamEpisodes).
function endVerdicts(paths: string[], problems: number, count: { kept: number; excluded: number }, options: LoadOptions): void {
  if (options.strict && problems > 0) throw new Error(`${problems} problem(s) in the input (--strict)`);
  if (count.excluded > 0) (options.onNotice ?? NO_NOTICE)(excludedLine(count.excluded));
  if (count.kept === 0) throw new Error(`no usable episodes in ${paths.join(', ')}`);
}
