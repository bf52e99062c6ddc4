import { createReadStream, readFileSync, type ReadStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { RecordBatchReader, type DataType, type RecordBatch } from 'apache-arrow';
import {
  COLUMN_NAMES,
  NOT_ARROW,
  UndecodableRows,
  columnTypeIssue,
  decodeArrow,
  decodeDigestedRow,
  digestRefusal,
  type Columns,
} from './arrow.ts';
import { arrowFileSha256Streamed, arrowShaOffsetOnDisk } from './arrowSha.ts';
import { ARROW_CORPUS_KEY, LinesDigest, digestMismatch, parseCorpusHeader, type CorpusHeader } from './corpusHeader.ts';
import type { CorpusFile } from './corpusFiles.ts';
import { decodeDocument } from './document.ts';
import { gzipError } from './gzip.ts';
import type { DecodeResult } from './jsonl.ts';
import { JsonlDecoder, type Refusal } from './jsonlDecoder.ts';
import { AdapterError, type Problem } from './problems.ts';
import type { RecordLines } from './recordLines.ts';
import type { Episode } from './types.ts';

/** What a file reader reports beside its episodes. */
export interface FileReport {
  /** Line problems and skip counts (and unknown fields dropped), passed on as they are found. */
  report(problems: readonly Problem[], skipped: Record<string, number>, dropped?: Record<string, number>): void;
  /** Set when the whole file is refused (then `decoded` says whether episodes already went out). */
  refusal: Refusal | null;
  /** Set when the file could not be read at all (not counted as a file). */
  unreadable: string | null;
  decoded: number;
  bytes: number;
}

const refusalOf = (e: AdapterError): Refusal => ({ reason: e.reason, problem: e.toProblem() });
const CHUNK = 1 << 20;

/**
 * A plain file's bytes in chunks of one buffer, reused: a chunk is valid until the next is asked
 * for (the decoder copies what it keeps). A fresh 1 MiB buffer per chunk (createReadStream) costs
 * ~10× the reading time in page faults on a 4.8 GB corpus. An error opening or reading the file
 * is put in `failed` before it is thrown; `read.bytes` counts the bytes read.
 */
async function* fileChunks(file: string, failed: { error: Error | null }, read: { bytes: number }): AsyncGenerator<Buffer> {
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (e) {
    failed.error = e as Error;
    throw e;
  }
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      let got: number;
      try {
        got = (await fh.read(buf, 0, CHUNK, null)).bytesRead;
      } catch (e) {
        failed.error = e as Error;
        throw e;
      }
      if (got === 0) return;
      read.bytes += got;
      yield buf.subarray(0, got);
    }
  } finally {
    await fh.close();
  }
}

// The one JSONL reading loop (through gunzip for .gz), handing out whatever `take` gathers from
// the decoder after each chunk: episodes, or record lines left for a replay worker to decode.
async function* jsonlPieces<T>(f: CorpusFile, r: FileReport, d: JsonlDecoder, take: () => T | null): AsyncGenerator<T> {
  // an object, not a variable: the error arrives in a callback, after the compiler last looked
  const failed: { error: Error | null } = { error: null };
  const read = { bytes: 0 };
  let raw: ReadStream | null = null;
  let source: AsyncIterable<Buffer>;
  if (f.gz) {
    raw = createReadStream(f.file, { highWaterMark: CHUNK });
    raw.on('error', (e) => {
      failed.error = e;
    });
    const gun = createGunzip({ chunkSize: CHUNK });
    raw.on('error', (e) => gun.destroy(e));
    source = raw.pipe(gun);
  } else source = fileChunks(f.file, failed, read);
  try {
    for await (const chunk of source) {
      d.push(chunk);
      const piece = take();
      if (piece !== null) yield piece;
      if (d.refusal !== null) break;
    }
  } catch (e) {
    raw?.destroy();
    if (failed.error !== null) r.unreadable = failed.error.message;
    // zlib's errors carry a Z_ code; anything else is a bug and escapes
    else if (f.gz && /^Z_/.test(String((e as NodeJS.ErrnoException).code))) r.refusal = refusalOf(gzipError(f.file, e));
    else throw e;
    return;
  } finally {
    r.bytes = raw ? raw.bytesRead : read.bytes;
  }
  raw?.destroy();
  r.refusal = d.end();
  const piece = take();
  if (r.refusal === null && piece !== null) yield piece;
}

function jsonlEpisodes(f: CorpusFile, r: FileReport): AsyncGenerator<Episode[]> {
  const d = new JsonlDecoder(f.file);
  return jsonlPieces(f, r, d, () => {
    const { problems, skipped } = d.drain();
    r.report(problems, skipped);
    const eps = d.take();
    r.decoded += eps.length;
    return eps.length > 0 ? eps : null;
  });
}

/**
 * The record lines of one JSONL corpus file, in file order, in pieces, for decoding
 * elsewhere (decodeJsonlLine): the header and byte digest are checked here (refusal to
 * `r`); `expected` is set to the header's episode count, which the decoding side checks.
 */
export function jsonlRecordLines(f: CorpusFile, r: FileReport & { expected: number | null }): AsyncGenerator<RecordLines> {
  const d = new JsonlDecoder(f.file, undefined, true);
  return jsonlPieces(f, r, d, () => {
    r.expected = d.expectedEpisodes;
    const got = d.takeLines();
    return got.lengths.length > 0 ? got : null;
  });
}

function refuse(r: FileReport, file: string, record: string | null, reason: string, message: string): void {
  r.refusal = { reason, problem: { file, record, message } };
}

// The content digest, the row count and undecodable rows are known only after the
// last batch; the whole-file digest is checked before the first.
async function* arrowBatches(f: CorpusFile, r: FileReport, size: number): AsyncGenerator<Episode[]> {
  const fh = await open(f.file, 'r');
  r.bytes = size;
  let reader;
  try {
    reader = await RecordBatchReader.from(fh);
    await reader.open();
  } catch {
    await fh.close();
    refuse(r, f.file, null, 'malformed-arrow', NOT_ARROW);
    return;
  }
  try {
    const schema = reader.schema;
    const text = schema.metadata.get(ARROW_CORPUS_KEY);
    if (text === undefined) {
      refuse(
        r,
        f.file,
        'corpus digest',
        'corpus-digest',
        `expected the carb corpus header in the Arrow schema metadata (key ${ARROW_CORPUS_KEY}), found none (not written by carb, or damaged)`,
      );
      return;
    }
    let header: CorpusHeader;
    try {
      header = parseCorpusHeader(text, f.file, `schema metadata ${ARROW_CORPUS_KEY}`, true);
    } catch (e) {
      if (!(e instanceof AdapterError)) throw e;
      r.refusal = refusalOf(e);
      return;
    }
    const at = await arrowShaOffsetOnDisk(f.file, size, header.arrowSha256!);
    const whole = at < 0 ? 'a file whose metadata cannot be located' : await arrowFileSha256Streamed(f.file, at);
    if (whole !== header.arrowSha256) {
      refuse(r, f.file, 'corpus digest', 'corpus-digest', digestMismatch(header.arrowSha256!, whole, 'the file bytes'));
      return;
    }
    const names = schema.fields.map((x) => x.name);
    const missing = COLUMN_NAMES.find((n) => !names.includes(n));
    if (missing !== undefined) {
      refuse(r, f.file, null, 'malformed-arrow', `expected an episode table with column "${missing}", found columns ${names.join(', ')}`);
      return;
    }
    for (const field of schema.fields) {
      const typed = columnTypeIssue(field.name, field.type as DataType);
      if (typed !== null) {
        refuse(r, f.file, typed.record, 'malformed-arrow', typed.message);
        return;
      }
    }
    const digest = new LinesDigest();
    let rows = 0;
    const bad = new UndecodableRows();
    for await (const batch of reader as AsyncIterable<RecordBatch>) {
      const cols: Columns = {};
      for (const n of COLUMN_NAMES) cols[n] = batch.getChild(n)!;
      const out: Episode[] = [];
      for (let i = 0; i < batch.numRows; i++) {
        const ep = decodeDigestedRow(cols, i, f.file, digest);
        if ('why' in ep) bad.add(ep);
        else out.push(ep);
      }
      rows += batch.numRows;
      r.decoded += out.length;
      if (out.length > 0) yield out;
    }
    if (rows !== header.episodes) {
      refuse(
        r,
        f.file,
        'corpus digest',
        'corpus-digest',
        `expected ${header.episodes} episodes (corpus header), found ${rows} rows (file altered after carb wrote it)`,
      );
      return;
    }
    const refusal = bad.refusal() ?? digestRefusal(header.sha256, digest.hex());
    if (refusal !== null) {
      refuse(r, f.file, refusal.record, 'corpus-digest', refusal.message);
      return;
    }
  } catch (e) {
    if (e instanceof AdapterError) throw e;
    // damaged bytes can make arrow-js throw anything, at any batch
    refuse(r, f.file, null, 'malformed-arrow', NOT_ARROW);
    return;
  } finally {
    await reader.cancel();
    await fh.close();
  }
}

// Read whole: an AgentDojo, tau2 or tau-bench log is one JSON document (chat logs are small), and an .arrow.gz cannot be
// read by batches (the Arrow file reader needs random access).
async function* wholeFile(f: CorpusFile, r: FileReport): AsyncGenerator<Episode[]> {
  if (f.format === 'jsonl') {
    yield* jsonlEpisodes(f, r);
    return;
  }
  let stored: Buffer;
  try {
    // synchronous: these files are small (a run log) and fs.promises.readFile is several
    // times slower on thousands of them
    stored = readFileSync(f.file);
  } catch (e) {
    r.unreadable = (e as Error).message;
    return;
  }
  r.bytes = stored.length;
  let data: Buffer;
  try {
    data = f.gz ? gunzipSync(stored) : stored;
  } catch (e) {
    r.refusal = refusalOf(gzipError(f.file, e));
    return;
  }
  if (f.format === 'arrow') {
    const got = decodeArrow(data, f.file);
    if (got.episodes.length === 0 && got.problems.length > 0) {
      r.refusal = { reason: Object.keys(got.skipped)[0]!, problem: got.problems[0]! };
      return;
    }
    r.decoded = got.episodes.length;
    if (got.episodes.length > 0) yield got.episodes;
    return;
  }
  let got: DecodeResult;
  try {
    got = decodeDocument(data, f.file, f.format);
  } catch (e) {
    if (!(e instanceof AdapterError)) throw e;
    r.refusal = refusalOf(e);
    return;
  }
  r.report(got.problems, got.skipped, got.dropped);
  r.decoded = got.episodes.length;
  if (got.episodes.length > 0) yield got.episodes;
}

/**
 * The episodes of one corpus file, in file order, in pieces: JSONL line by line
 * (through gunzip for .gz), Arrow by record batch, AgentDojo logs whole. Problems and
 * the file's refusal go to `r`.
 */
export async function* fileEpisodes(f: CorpusFile, r: FileReport): AsyncGenerator<Episode[]> {
  if (f.format === 'jsonl') {
    yield* jsonlEpisodes(f, r);
    return;
  }
  if (f.format === 'arrow' && !f.gz) {
    let size: number;
    try {
      size = (await stat(f.file)).size;
    } catch (e) {
      r.unreadable = (e as Error).message;
      return;
    }
    yield* arrowBatches(f, r, size);
    return;
  }
  yield* wholeFile(f, r);
}
