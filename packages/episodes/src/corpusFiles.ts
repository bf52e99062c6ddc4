import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from './problems.ts';

export type CorpusFormat = 'agentdojo' | 'jsonl' | 'arrow' | 'auto';
export type FileFormat = Exclude<CorpusFormat, 'auto'>;

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
  if (name.endsWith('.json')) return 'agentdojo';
  return null;
}

// Sorted walk, so that episode order (and every output built from it) is deterministic.
function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
}

/**
 * The corpus files of `paths`, in the order read: paths as given, each directory
 * walked in sorted name order. A path that is missing, or a directory holding no
 * episode file, is reported through `skip`.
 */
export function corpusFiles(paths: readonly string[], format: CorpusFormat, skip: (reason: string, p: Problem) => void): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      skip('unreadable', { file: path, record: null, message: 'expected a file or directory, found nothing at this path' });
      continue;
    }
    if (!isDir) {
      files.push({ file: path, format: format === 'auto' ? (formatOf(path) ?? 'agentdojo') : format, gz: isGz(path) });
      continue;
    }
    const found: string[] = [];
    walk(path, found);
    const before = files.length;
    for (const f of found) {
      const fmt = formatOf(f);
      if (fmt !== null && (format === 'auto' || format === fmt)) files.push({ file: f, format: fmt, gz: isGz(f) });
    }
    if (files.length === before) {
      skip('empty', { file: path, record: null, message: `expected episode files (${format === 'auto' ? '.json, .jsonl or .arrow, optionally .gz' : format}) in this directory, found none` });
    }
  }
  return files;
}
