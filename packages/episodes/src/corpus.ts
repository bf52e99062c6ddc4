import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAgentDojo } from './agentdojo.ts';
import { decodeArrow } from './arrow.ts';
import { decodeJsonl, type DecodeResult } from './jsonl.ts';
import { AdapterError, type Problem } from './problems.ts';
import type { Episode } from './types.ts';

export type CorpusFormat = 'agentdojo' | 'jsonl' | 'arrow' | 'auto';

export interface ReadCorpusOptions {
  format?: CorpusFormat;
  /** Called once per corpus file read (for progress bars); `total` is the file count. */
  onFile?: (done: number, total: number) => void;
}

export interface CorpusSummary {
  /** Corpus files read (AgentDojo .json, .jsonl, .arrow). */
  files: number;
  /** Episodes returned. */
  episodes: number;
  /** Records or files skipped, by reason. */
  skipped: Record<string, number>;
  /** Episodes kept but flagged. */
  flagged: { aborted: number; textOnlyCalls: number };
  /** Bytes read from corpus files. */
  bytes: number;
}

export interface CorpusResult {
  episodes: Episode[];
  problems: Problem[];
  summary: CorpusSummary;
}

type FileFormat = Exclude<CorpusFormat, 'auto'>;

function formatOf(file: string): FileFormat | null {
  if (file.endsWith('.labels.jsonl')) return null;
  if (file.endsWith('.jsonl')) return 'jsonl';
  if (file.endsWith('.arrow')) return 'arrow';
  if (file.endsWith('.json')) return 'agentdojo';
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
 * Reads episodes from AgentDojo run trees or files, JSONL and Arrow corpora. Every
 * unreadable file or record becomes one Problem and is counted in `summary.skipped`
 * by reason; duplicate ids keep the first occurrence. Never throws on bad data.
 */
export function readCorpus(paths: readonly string[], opts: ReadCorpusOptions = {}): CorpusResult {
  const format = opts.format ?? 'auto';
  const problems: Problem[] = [];
  const skipped: Record<string, number> = {};
  const skip = (reason: string, p: Problem) => {
    problems.push(p);
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const files: Array<{ file: string; format: FileFormat }> = [];
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      skip('unreadable', { file: path, record: null, message: 'expected a file or directory, found nothing at this path' });
      continue;
    }
    if (!isDir) {
      files.push({ file: path, format: format === 'auto' ? (formatOf(path) ?? 'agentdojo') : format });
      continue;
    }
    const found: string[] = [];
    walk(path, found);
    const before = files.length;
    for (const f of found) {
      const fmt = formatOf(f);
      if (fmt !== null && (format === 'auto' || format === fmt)) files.push({ file: f, format: fmt });
    }
    if (files.length === before) {
      skip('empty', { file: path, record: null, message: `expected episode files (${format === 'auto' ? '.json, .jsonl or .arrow' : format}) in this directory, found none` });
    }
  }

  const episodes: Episode[] = [];
  const firstFile = new Map<string, string>();
  let bytes = 0;
  let read = 0;
  files.forEach(({ file, format: fmt }, n) => {
    let data: Buffer;
    try {
      data = readFileSync(file);
    } catch (e) {
      skip('unreadable', { file, record: null, message: `expected a readable file (${(e as Error).message})` });
      opts.onFile?.(n + 1, files.length);
      return;
    }
    bytes += data.length;
    read++;
    let got: DecodeResult;
    if (fmt === 'agentdojo') {
      try {
        got = { episodes: [parseAgentDojo(data.toString('utf8'), file)], problems: [], skipped: {} };
      } catch (e) {
        if (!(e instanceof AdapterError)) throw e;
        got = { episodes: [], problems: [e.toProblem()], skipped: { [e.reason]: 1 } };
      }
    } else {
      got = fmt === 'jsonl' ? decodeJsonl(data, file) : decodeArrow(data, file);
    }
    problems.push(...got.problems);
    for (const [reason, c] of Object.entries(got.skipped)) skipped[reason] = (skipped[reason] ?? 0) + c;
    for (const ep of got.episodes) {
      const first = firstFile.get(ep.id);
      if (first !== undefined) {
        skip('duplicate-id', { file, record: ep.id, message: `expected a unique episode id, found a duplicate of the episode in ${first}` });
        continue;
      }
      firstFile.set(ep.id, file);
      episodes.push(ep);
    }
    opts.onFile?.(n + 1, files.length);
  });

  const flagged = { aborted: 0, textOnlyCalls: 0 };
  for (const ep of episodes) {
    if (ep.flags.aborted !== null) flagged.aborted++;
    if (ep.flags.textOnlyCalls) flagged.textOnlyCalls++;
  }
  return { episodes, problems, summary: { files: read, episodes: episodes.length, skipped, flagged, bytes } };
}
