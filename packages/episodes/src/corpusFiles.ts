import { closeSync, openSync, readSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { JSONL_HEADER_PREFIX } from './corpusHeader.ts';
import { lineFormat, logFormat, type CORPUS_FORMATS } from './formats.ts';
import type { Problem } from './problems.ts';

/** A `--format` value (CORPUS_FORMATS): a registered log format, carb's jsonl or arrow, or auto. */
export type CorpusFormat = (typeof CORPUS_FORMATS)[number];
/** A file's format; 'json': a JSON log whose format is detected from its content. */
export type FileFormat = Exclude<CorpusFormat, 'auto'> | 'json';

/** One corpus file to read; `gz`: gzip-compressed (name ends `.gz`). */
export interface CorpusFile {
  file: string;
  format: FileFormat;
  gz: boolean;
}

const isGz = (file: string) => file.endsWith('.gz');

/** The format a file name says (a `.gz` suffix read through), or null for files that hold no episodes. */
export function formatOf(file: string): FileFormat | null {
  const name = isGz(file) ? file.slice(0, -3) : file;
  if (name.endsWith('.labels.jsonl')) return null;
  if (name.endsWith('.jsonl')) return 'jsonl';
  if (name.endsWith('.arrow')) return 'arrow';
  if (name.endsWith('.json')) return 'json';
  return null;
}

const SNIFF = 1 << 16;

// A .jsonl is a carb corpus unless its first line is a record of a registered format read as
// JSONL (a chat record: {messages} and no steps). Compressed files are not sniffed: an OpenAI
// chat .jsonl.gz needs --format openai-chat.
function sniffJsonl(file: string): FileFormat {
  if (isGz(file)) return 'jsonl';
  let head = '';
  try {
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.alloc(SNIFF);
      head = buf.subarray(0, readSync(fd, buf, 0, SNIFF, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return 'jsonl'; // the reader reports the file as unreadable
  }
  const line = head.trimStart().split('\n', 1)[0]!;
  if (line.startsWith(JSONL_HEADER_PREFIX)) return 'jsonl';
  try {
    const fmt = lineFormat(JSON.parse(line));
    if (fmt !== null) return fmt.name as FileFormat;
  } catch {
    // not one whole line within the sniffed bytes: left to the JSONL decoder
  }
  return 'jsonl';
}

// Whether a file whose name says `fmt` is read under the requested format.
function accepts(format: CorpusFormat, fmt: FileFormat): boolean {
  if (format === 'auto' || format === fmt) return true;
  if (fmt === 'json') return logFormat(format) !== null;
  return fmt === 'jsonl' && logFormat(format)?.detectLine !== undefined;
}

/** The format a file is read in: the requested one, or in auto mode the one its name (and a .jsonl's first line) says. */
function fileFormat(file: string, format: CorpusFormat, fmt: FileFormat): FileFormat {
  if (format !== 'auto') return format;
  return fmt === 'jsonl' ? sniffJsonl(file) : fmt;
}

/**
 * What join(dir, name) puts before a plain entry name (no separator, never `.` or `..`): `dir`
 * normalized once per folder, not once per entry (path.join cost more than the listing itself on a
 * corpus of thousands of logs). join('.', a) is `a`, join('/', a) is `/a`; a trailing separator is kept.
 */
function childPrefix(dir: string): string {
  const d = join(dir);
  return d === '.' ? '' : d.endsWith('/') ? d : `${d}/`;
}

// Sorted walk, so that episode order (and every output built from it) is deterministic. The
// entry types come with the listing: a stat per file cost more than reading the names of a
// corpus of thousands of logs; only a symbolic link (or a type the file system does not tell) is
// stat'ed, so a link to a folder is still walked.
function walk(dir: string, out: string[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const prefix = childPrefix(dir);
  for (const entry of entries) {
    const p = prefix + entry.name;
    const isDir = entry.isDirectory() || (!entry.isFile() && statSync(p).isDirectory());
    if (isDir) walk(p, out);
    else out.push(p);
  }
}

/** What a path that is no file, pipe or directory is, in a refusal. */
function specialKind(st: Stats): string {
  return st.isCharacterDevice()
    ? 'a character device'
    : st.isBlockDevice()
      ? 'a block device'
      : st.isSocket()
        ? 'a socket'
        : 'a special file';
}

/**
 * The corpus files of `paths`, in the order read: paths as given, each directory
 * walked in sorted name order. A path that is missing, or a directory holding no
 * episode file, is reported through `skip`.
 */
export function corpusFiles(paths: readonly string[], format: CorpusFormat, skip: (reason: string, p: Problem) => void): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const path of paths) {
    let st: Stats;
    try {
      st = statSync(path);
    } catch {
      skip('unreadable', { file: path, record: null, message: 'expected a file or directory, found nothing at this path' });
      continue;
    }
    const isDir = st.isDirectory();
    // a device never ends (/dev/zero, /dev/urandom): read whole as a JSON document it would fill the memory
    if (!isDir && !st.isFile() && !st.isFIFO()) {
      skip('unreadable', { file: path, record: null, message: `expected a file, a named pipe or a directory, found ${specialKind(st)}` });
      continue;
    }
    if (!isDir) {
      files.push({ file: path, format: fileFormat(path, format, formatOf(path) ?? 'json'), gz: isGz(path) });
      continue;
    }
    const found: string[] = [];
    walk(path, found);
    const before = files.length;
    for (const f of found) {
      const fmt = formatOf(f);
      if (fmt !== null && accepts(format, fmt)) files.push({ file: f, format: fileFormat(f, format, fmt), gz: isGz(f) });
    }
    if (files.length === before) {
      skip('empty', {
        file: path,
        record: null,
        message: `expected episode files (${format === 'auto' ? '.json, .jsonl or .arrow, optionally .gz' : format}) in this directory, found none`,
      });
    }
  }
  return files;
}

/** The corpus files of some paths, with what the walk skipped (reason and problem), in walk order. */
export interface CorpusListing {
  files: readonly CorpusFile[];
  skips: ReadonlyArray<readonly [string, Problem]>;
}

/**
 * corpusFiles kept for a second reader: a caller that looks at the files before reading them
 * (DeferredCorpus.open) hands the listing on, so a corpus of thousands of folders is walked once.
 */
export function listCorpus(paths: readonly string[], format: CorpusFormat): CorpusListing {
  const skips: Array<readonly [string, Problem]> = [];
  const files = corpusFiles(paths, format, (reason, p) => skips.push([reason, p]));
  return { files, skips };
}
