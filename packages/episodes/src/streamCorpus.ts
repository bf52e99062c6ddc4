import { corpusFiles, type CorpusFile, type CorpusFormat, type CorpusListing } from './corpusFiles.ts';
import { CorpusTally, type CorpusSummary } from './corpusTally.ts';
import { AdapterError, type Problem } from './problems.ts';
import { fileEpisodes, type FileReport } from './streamFile.ts';
import type { Episode } from './types.ts';

export interface StreamCorpusOptions {
  format?: CorpusFormat;
  /** Episodes per yielded batch (the last may be smaller); default 1024. */
  batchSize?: number;
  /** Called once per corpus file finished; `total` is the file count. */
  onFile?: (done: number, total: number) => void;
  /** The paths' files as listCorpus walked them already (with the same format): not walked again. */
  listing?: CorpusListing;
}

/**
 * A corpus read as a stream of episode batches (see {@link streamCorpus}). `problems`
 * and `summary` grow as it is read and are final when iteration has ended.
 */
export interface CorpusStream extends AsyncIterable<Episode[]> {
  readonly problems: readonly Problem[];
  summary(): CorpusSummary;
}

/**
 * Reads the same corpus as readCorpus, in batches of `batchSize` episodes, holding
 * one batch (plus one id per episode, for duplicate detection) instead of the corpus.
 * The concatenated batches equal readCorpus's `episodes` (files in the order readCorpus
 * reads them, each in file order; duplicates keep the first occurrence), and at the
 * end `problems` and `summary()` equal its `problems` and `summary`.
 *
 * One difference, because episodes cannot be taken back: readCorpus refuses a file
 * whose integrity check fails (a carb-written file whose digest or count does not
 * match, a .gz that stops inflating) and goes on with the others. A stream that finds
 * such a failure only after that file's episodes went out records the problem and then
 * throws it as an AdapterError: the consumer must treat the whole corpus as refused
 * and discard what it built (carb writes outputs atomically, so nothing is left). A
 * failure found before any episode of the file (a bad header, a damaged gzip header,
 * the whole-file digest of an .arrow, checked first) is skipped as readCorpus does.
 */
export function streamCorpus(paths: readonly string[], opts: StreamCorpusOptions = {}): CorpusStream {
  const tally = new CorpusTally();
  const size = opts.batchSize ?? 1024;
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`batchSize: expected a positive integer, found ${size}`);
  async function* batches(): AsyncGenerator<Episode[]> {
    const skip = (reason: string, p: Problem) => tally.skip(reason, p);
    const files = opts.listing ? opts.listing.files : corpusFiles(paths, opts.format ?? 'auto', skip);
    for (const [reason, p] of opts.listing?.skips ?? []) skip(reason, p);
    let batch: Episode[] = [];
    for (let n = 0; n < files.length; n++) {
      const f = files[n]!;
      const mark = tally.mark();
      const r: FileReport = { report: (p, s, d) => tally.merge(p, s, d), refusal: null, unreadable: null, decoded: 0, bytes: 0 };
      for await (const eps of fileEpisodes(f, r)) {
        for (const ep of tally.keep(eps, f.file)) batch.push(ep);
        while (batch.length >= size) {
          const out = batch.length === size ? batch : batch.slice(0, size);
          batch = batch.length === size ? [] : batch.slice(size);
          yield out;
        }
      }
      endCorpusFile(tally, f, r, mark);
      opts.onFile?.(n + 1, files.length);
    }
    if (batch.length > 0) yield batch;
  }
  return {
    get problems() {
      return tally.problems;
    },
    summary: () => tally.summary(),
    [Symbol.asyncIterator]: () => batches(),
  };
}

/**
 * What ends one corpus file of a read: its duplicate-id problems, then either its count as a
 * file or, when it is refused whole, its problems withdrawn for the one refusal. A refusal
 * after some of its episodes went out throws (see streamCorpus).
 */
export function endCorpusFile(tally: CorpusTally, f: CorpusFile, r: FileReport, mark: ReturnType<CorpusTally['mark']>): void {
  tally.endFile();
  if (r.unreadable !== null) {
    tally.skip('unreadable', { file: f.file, record: null, message: `expected a readable file (${r.unreadable})` });
    return;
  }
  tally.files++;
  tally.bytes += r.bytes;
  if (r.refusal === null) return;
  tally.rollback(mark);
  tally.skip(r.refusal.reason, r.refusal.problem);
  if (r.decoded > 0) {
    const p = r.refusal.problem;
    throw new AdapterError(
      p.file,
      p.record,
      r.refusal.reason,
      `${p.message}; ${r.decoded} episode(s) of this file were already streamed: the corpus is refused`,
    );
  }
}
