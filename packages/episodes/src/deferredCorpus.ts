import { listCorpus, type CorpusFile, type CorpusFormat, type CorpusListing } from './corpusFiles.ts';
import { CorpusTally, type CorpusSummary } from './corpusTally.ts';
import { countRefusal } from './jsonlDecoder.ts';
import type { LineSkip } from './jsonlLine.ts';
import type { Problem } from './problems.ts';
import { endCorpusFile } from './streamCorpus.ts';
import type { RecordLines } from './recordLines.ts';
import { jsonlRecordLines, type FileReport } from './streamFile.ts';
import type { Episode } from './types.ts';

/**
 * What the reading side keeps of an episode decoded elsewhere; the decoding side may add its
 * proposal count and how many of them call a tool the pipeline does not type (calibrate's
 * degenerate-deployment check).
 */
export type EpisodeHead = Pick<Episode, 'id' | 'group' | 'source' | 'flags'> & {
  calls?: number;
  untypedCalls?: number;
  tools?: Record<string, number>;
};

/** One record line decoded (decodeJsonlLine): the episode's head, or why the line was skipped. */
export type DecodedLine = { head: EpisodeHead } | LineSkip;

/** A piece of a deferred read, in corpus order: record lines to decode, or the end of a file. */
export type DeferredPiece =
  { file: string; lines: RecordLines; end?: undefined } | { file: string; lines?: undefined; end: DeferredFileEnd };

interface DeferredFileEnd {
  f: CorpusFile;
  r: FileReport & { expected: number | null };
}

/**
 * A JSONL corpus read as streamCorpus reads it, except that record lines are decoded
 * elsewhere (replay worker threads, so that the reading thread never parses an episode):
 * `pieces()` gives the lines in corpus order, and the decoding side hands each piece's
 * outcomes back, in the same order, to `settle`, which applies streamCorpus's rules
 * (duplicates keep the first occurrence, a file refused whole withdraws its problems and,
 * once some of its episodes went out, refuses the corpus by throwing). At the end
 * `problems` and `summary()` equal streamCorpus's. Only for corpora whose files are all
 * JSONL (`deferredJsonlCorpus` returns null otherwise).
 */
export class DeferredCorpus {
  private readonly tally = new CorpusTally();
  private mark: ReturnType<CorpusTally['mark']> | null = null;
  private decoded = 0;

  private constructor(
    private readonly files: readonly CorpusFile[],
    skips: ReadonlyArray<readonly [string, Problem]>,
  ) {
    for (const [reason, p] of skips) this.tally.skip(reason, p);
  }

  /**
   * The deferred read of `paths`, or null when some corpus file is not JSONL (.jsonl or .jsonl.gz).
   * `listing`: the paths' files as listCorpus walked them (given: not walked again; a caller that
   * reads the corpus otherwise when this is null hands the same listing to streamCorpus).
   */
  static open(
    paths: readonly string[],
    format: CorpusFormat = 'auto',
    listing: CorpusListing = listCorpus(paths, format),
  ): DeferredCorpus | null {
    const { files, skips } = listing;
    return files.every((f) => f.format === 'jsonl') ? new DeferredCorpus(files, skips) : null;
  }

  get problems(): readonly Problem[] {
    return this.tally.problems;
  }

  summary(): CorpusSummary {
    return this.tally.summary();
  }

  /** The pieces in corpus order; a piece's line bytes are valid until the next piece is asked for. */
  async *pieces(): AsyncGenerator<DeferredPiece> {
    for (const f of this.files) {
      const r: DeferredFileEnd['r'] = { report: () => {}, refusal: null, unreadable: null, decoded: 0, bytes: 0, expected: null };
      for await (const lines of jsonlRecordLines(f, r)) yield { file: f.file, lines };
      yield { file: f.file, end: { f, r } };
    }
  }

  /**
   * Settles one piece, in corpus order. For lines: `decoded` holds one outcome per line;
   * returns, per decoded episode of the piece, whether it is kept (false: a duplicate id).
   */
  settle(piece: DeferredPiece, decoded: readonly DecodedLine[] = []): boolean[] {
    this.mark ??= this.tally.mark();
    if (piece.end) {
      const { f, r } = piece.end;
      r.decoded = this.decoded;
      if (r.refusal === null && r.unreadable === null && r.expected !== null) r.refusal = countRefusal(f.file, r.expected, this.decoded);
      const mark = this.mark;
      this.mark = null;
      this.decoded = 0;
      endCorpusFile(this.tally, f, r, mark);
      return [];
    }
    const heads: EpisodeHead[] = [];
    for (const d of decoded) {
      if ('head' in d) heads.push(d.head);
      else this.tally.skip(d.reason, { file: piece.file, record: d.record, message: d.message });
    }
    this.decoded += heads.length;
    const kept = this.tally.keep(heads, piece.file);
    let k = 0;
    return heads.map((h) => (kept[k] === h ? (k++, true) : false));
  }
}
