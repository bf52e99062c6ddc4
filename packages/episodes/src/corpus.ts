import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { decodeArrow } from './arrow.ts';
import { corpusFiles, type CorpusFile, type CorpusFormat } from './corpusFiles.ts';
import { CorpusTally, type CorpusSummary } from './corpusTally.ts';
import { decodeDocument } from './document.ts';
import { gunzipFile } from './gzip.ts';
import { decoderResult, type DecodeResult } from './jsonl.ts';
import { JsonlDecoder } from './jsonlDecoder.ts';
import { AdapterError, type Problem } from './problems.ts';
import { rejectFile } from './rejectFile.ts';
import type { Episode } from './types.ts';

export type { CorpusFormat } from './corpusFiles.ts';
export type { CorpusSummary } from './corpusTally.ts';

export interface ReadCorpusOptions {
  format?: CorpusFormat;
  /** Called once per corpus file read (for progress bars); `total` is the file count. */
  onFile?: (done: number, total: number) => void;
}

export interface CorpusResult {
  episodes: Episode[];
  problems: Problem[];
  summary: CorpusSummary;
}

/** Chunk size of the synchronous JSONL reader: the file is never one string. */
const CHUNK = 4 << 20;

// A file refused whole on an AdapterError (a .gz that does not inflate, an AgentDojo log
// that does not adapt); anything else is a bug and escapes.
function refused(e: unknown): DecodeResult {
  if (!(e instanceof AdapterError)) throw e;
  return rejectFile(e.file, e.record, e.reason, e.detail);
}

// Plain JSONL is read in chunks; .gz is inflated whole into a Buffer (never a string),
// since node has no synchronous streaming gunzip: large .gz corpora are for streamCorpus.
function decodeJsonlFile(f: CorpusFile): { got: DecodeResult; bytes: number } {
  const d = new JsonlDecoder(f.file);
  if (f.gz) {
    const data = readFileSync(f.file);
    try {
      d.push(gunzipFile(data, f.file));
    } catch (e) {
      return { got: refused(e), bytes: data.length };
    }
    return { got: decoderResult(d, []), bytes: data.length };
  }
  const episodes: Episode[] = [];
  const fd = openSync(f.file, 'r');
  let bytes = 0;
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    for (let n = readSync(fd, buf, 0, CHUNK, null); n > 0; n = readSync(fd, buf, 0, CHUNK, null)) {
      bytes += n;
      d.push(buf.subarray(0, n));
      for (const ep of d.take()) episodes.push(ep);
    }
  } finally {
    closeSync(fd);
  }
  return { got: decoderResult(d, episodes), bytes };
}

function decodeFile(f: CorpusFile): { got: DecodeResult; bytes: number } {
  if (f.format === 'jsonl') return decodeJsonlFile(f);
  const stored = readFileSync(f.file);
  try {
    const data = f.gz ? gunzipFile(stored, f.file) : stored;
    if (f.format === 'arrow') return { got: decodeArrow(data, f.file), bytes: stored.length };
    return { got: decodeDocument(data, f.file, f.format), bytes: stored.length };
  } catch (e) {
    return { got: refused(e), bytes: stored.length };
  }
}

/**
 * Reads episodes from AgentDojo run trees or files, tau2 / tau-bench results, OpenAI
 * chat logs, JSONL and Arrow corpora (each
 * optionally gzip-compressed, `.gz`). Every unreadable file or record becomes one
 * Problem and is counted in `summary.skipped` by reason; duplicate ids keep the first
 * occurrence. Never throws on bad data. Holds the whole corpus: for corpora larger
 * than memory use {@link streamCorpus}, which yields the same episodes in the same order.
 */
export function readCorpus(paths: readonly string[], opts: ReadCorpusOptions = {}): CorpusResult {
  const tally = new CorpusTally();
  const files = corpusFiles(paths, opts.format ?? 'auto', (reason, p) => tally.skip(reason, p));
  const episodes: Episode[] = [];
  files.forEach((f, n) => {
    let read: { got: DecodeResult; bytes: number } | null = null;
    try {
      read = decodeFile(f);
    } catch (e) {
      // only reading the file throws here (decoders report bad data as problems)
      if ((e as NodeJS.ErrnoException).code === undefined) throw e;
      tally.skip('unreadable', { file: f.file, record: null, message: `expected a readable file (${(e as Error).message})` });
    }
    if (read !== null) {
      tally.files++;
      tally.bytes += read.bytes;
      tally.merge(read.got.problems, read.got.skipped, read.got.dropped);
      for (const ep of tally.keep(read.got.episodes, f.file)) episodes.push(ep);
      tally.endFile();
    }
    opts.onFile?.(n + 1, files.length);
  });
  return { episodes, problems: tally.problems, summary: tally.summary() };
}
