import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { carbPath, NOT_UTF8, schemaIssues, schemaValidator } from '@carb/io';
import { INVALID_UTF8_LINE, LineSplitter, MAX_LINE_BYTES } from './lineSplitter.ts';
import type { EpisodeLabels } from './labels.ts';
import { writtenLabels } from './labelLine.ts';
import { labelObjects, LabelRowsBuilder, type LabelRows } from './labelRows.ts';
import type { Problem } from './problems.ts';

/** `<corpus>.labels.jsonl` beside a `.jsonl` or `.arrow` corpus, or null for other paths. */
export function labelsPathFor(corpusFile: string): string | null {
  // a compressed corpus (`c.jsonl.gz`) keeps its labels beside it uncompressed (`c.labels.jsonl`)
  const m = /^(.*)\.(jsonl|arrow)(\.gz)?$/.exec(corpusFile);
  if (m === null || /\.labels\.jsonl(\.gz)?$/.test(corpusFile)) return null;
  return `${m[1] ?? ''}.labels.jsonl`;
}

/** configs/schema/labels.schema.json, the contract of one `.labels.jsonl` line. */
export const LABELS_SCHEMA_PATH = carbPath('configs/schema/labels.schema.json');

const CHUNK = 1 << 20;

/**
 * Reads a labels JSONL file; each bad line is one Problem and is skipped. Read by chunks, and
 * repeated values are shared (a pair equal to its id, the kind, identical benign-branch step
 * lists, frozen): a 10⁶-episode suite's labels hold little more than their ids.
 */
export function readLabels(file: string): { labels: EpisodeLabels[]; problems: Problem[] } {
  const rows = new LabelRowsBuilder();
  const problems = readLabelsInto(file, rows);
  return { labels: problems.unreadable ? [] : labelObjects(rows.finish()), problems: problems.list };
}

/**
 * Appends the labels of one labels JSONL file to `rows` (each bad line is one Problem and is
 * skipped). `unreadable`: the file could not be read (its labels are then not to be used).
 */
function readLabelsInto(file: string, rows: LabelRowsBuilder): { list: Problem[]; unreadable: boolean } {
  const problems: Problem[] = [];
  const onLine = (line: string | null, n: number) => {
    const record = `line ${n}`;
    if (line === null) {
      problems.push({ file, record, message: `expected a line of at most ${MAX_LINE_BYTES} bytes, found a longer one` });
      return;
    }
    if (line === INVALID_UTF8_LINE) {
      problems.push({ file, record, message: NOT_UTF8 });
      return;
    }
    const written = writtenLabels(line);
    if (written !== null) {
      rows.addWritten(written);
      return;
    }
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      problems.push({ file, record, message: `malformed JSON (${(e as Error).message})` });
      return;
    }
    // compiled once (cached by path): a 10⁶-line file pays one validator call per line
    const issues = schemaIssues(schemaValidator(LABELS_SCHEMA_PATH), v);
    if (issues.length > 0) {
      for (const message of issues) problems.push({ file, record, message: message.replace(/^\/: /, '') });
      return;
    }
    rows.add(v as EpisodeLabels);
  };
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    return { list: [{ file, record: null, message: `expected a readable labels file (${(e as Error).message})` }], unreadable: true };
  }
  try {
    const lines = new LineSplitter(onLine);
    const buf = Buffer.allocUnsafe(CHUNK);
    let got = readSync(fd, buf, 0, CHUNK, null);
    if (got > 0) rows.reserve(estimatedLines(buf.subarray(0, got), fstatSync(fd).size));
    for (; got > 0; got = readSync(fd, buf, 0, CHUNK, null)) lines.push(buf.subarray(0, got));
    lines.end();
  } catch (e) {
    return { list: [{ file, record: null, message: `expected a readable labels file (${(e as Error).message})` }], unreadable: true };
  } finally {
    closeSync(fd);
  }
  return { list: problems, unreadable: false };
}

/**
 * The lines of a file of `size` bytes that opens with `head`, estimated from the lines of the head
 * (exact when the head is the whole file), with a tenth to spare: a labels file's lines differ
 * little in length. 0 when the head holds no line break.
 */
function estimatedLines(head: Buffer, size: number): number {
  let breaks = 0;
  for (let at = head.indexOf(0x0a); at >= 0; at = head.indexOf(0x0a, at + 1)) breaks++;
  if (head.length >= size) return breaks + 1;
  return breaks === 0 ? 0 : Math.ceil(((1.1 * breaks) / head.length) * size);
}

/** Labels of every corpus file in `paths` that has a `.labels.jsonl` beside it; null when none has. */
export function readLabelsBeside(paths: readonly string[]): { labels: EpisodeLabels[]; problems: Problem[] } | null {
  const found = readLabelRowsBeside(paths);
  return found && { labels: labelObjects(found.rows), problems: found.problems };
}

/** readLabelsBeside as columns (LabelRows): what a calibration of 10⁶ labelled episodes holds. */
export function readLabelRowsBeside(paths: readonly string[]): { rows: LabelRows; problems: Problem[] } | null {
  const found = paths.map(labelsPathFor).filter((p): p is string => p !== null && existsSync(p));
  if (found.length === 0) return null;
  const rows = new LabelRowsBuilder();
  const problems: Problem[] = [];
  for (const f of found) {
    const before = rows.length;
    const r = readLabelsInto(f, rows);
    // a file that could not be read to its end gives no labels, only its one problem
    if (r.unreadable) rows.truncate(before);
    for (const p of r.list) problems.push(p);
  }
  return { rows: rows.finish(), problems };
}
