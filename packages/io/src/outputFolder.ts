import { lstatSync, readFileSync, readdirSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { canonicalJson } from './canonicalJson.ts';
import { carbPath } from './carbPath.ts';
import { schemaValidator } from './schemaValidator.ts';
import { writeDirAtomic, type DirEntries } from './atomicDir.ts';
import { lockOutput } from './outputLock.ts';

/**
 * The file by which carb recognises a folder it wrote: canonical JSON naming what wrote it
 * (`carbOutput`) and, for a folder replaced whole, every file it wrote there (`files`). A
 * folder that merely holds some manifest.json is not carb's.
 */
export const OUTPUT_MARKER = '.carb-output.json';

/** The output-folder rule of one kind of folder carb writes. */
export interface OutputRule {
  /** What writes it: "report", "report-sections", "audit", "nearmiss", "sweep", "replay-shards". */
  kind: string;
  /**
   * A folder that grows across runs and shards (a sweep, replay shards): carb adds and replaces
   * its own files there and never removes anything, so the marker lists no files.
   */
  incremental?: boolean;
  /**
   * How a folder without the marker is still known as carb's: one of a carb version before
   * the marker (a report whose manifest lists outputs that all match), or a kind whose own
   * record marks it (a sweep's sweep.json). Returns the files carb wrote there, or null.
   */
  recognise?: (dir: string) => string[] | null;
}

/** The marker's text: `{"carbOutput":kind}` or, for a folder written whole, with its sorted `files`. */
export function outputMarkerText(kind: string, files?: Iterable<string>): string {
  const listed = files === undefined ? undefined : [...files].filter((f) => f !== OUTPUT_MARKER).sort();
  return `${canonicalJson(listed ? { carbOutput: kind, files: listed } : { carbOutput: kind })}\n`;
}

/** configs/schema/output-marker.schema.json, the shape of .carb-output.json. */
export const OUTPUT_MARKER_SCHEMA_PATH = carbPath('configs/schema/output-marker.schema.json');

/** The marker of `dir`, or null when it has none (or one that does not parse as a marker). */
export function readOutputMarker(dir: string): { kind: string; files: string[] | null } | null {
  let value: unknown;
  try {
    if (!lstatSync(join(dir, OUTPUT_MARKER)).isFile()) return null;
    value = JSON.parse(readFileSync(join(dir, OUTPUT_MARKER), 'utf8'));
  } catch {
    return null;
  }
  if (!schemaValidator(OUTPUT_MARKER_SCHEMA_PATH)(value)) return null;
  const m = value as { carbOutput: string; files?: string[] };
  return { kind: m.carbOutput, files: m.files ?? null };
}

/** The lstat of `path` (a link is not followed), or null when nothing is there. */
export function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** Bytes a file name may hold (NAME_MAX of Linux and macOS file systems). */
const NAME_MAX = 255;
/**
 * Bytes carb adds to an output's name for the files beside it: its lock (`.<name>.carb-lock`, and a
 * stale one set aside), a temporary (`.<name>.<pid>-<tag><suffix>.tmp`; a gzip corpus's plain
 * temporary has one of its own), a staging folder (`.<name>.carb-staging-<pid>`): at most ~61.
 */
const NAME_MARGIN = 64;

/**
 * Why `path` cannot be an output where it is, or null: its name leaves no room for the lock and
 * temporary files carb makes beside it (ENAMETOOLONG, once the work was done), or a file stands
 * where the path needs a folder (its nearest existing ancestor is not one: mkdir's EEXIST or
 * ENOTDIR). Checked with the output itself, so `--out notes.txt/report` is refused before any
 * work. A parent that is a link to a folder is a folder (links are refused for the output itself,
 * not on its way); an ancestor carb may not look at is left to the write.
 */
export function outputLocationProblem(path: string): string | null {
  const bytes = Buffer.byteLength(basename(path));
  if (bytes > NAME_MAX - NAME_MARGIN)
    return `${path}: expected a name of at most ${NAME_MAX - NAME_MARGIN} bytes (a file system allows ${NAME_MAX}, and carb adds up to ${NAME_MARGIN} for the lock and temporary files beside it), found ${bytes}`;
  if (lstatOrNull(path) !== null) return null;
  for (let at = dirname(path); ; at = dirname(at)) {
    let st: Stats;
    try {
      st = statSync(at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // ENOTDIR: a file further up; ENOENT: not made yet, its parent decides
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(at) !== at) continue;
      return null;
    }
    return st.isDirectory() ? null : `${path}: expected ${at} to be a folder (the path goes through it), found a file`;
  }
}

/** Every entry under `dir` ("/"-joined, relative), with its lstat (links are not followed), sorted. */
function entriesUnder(dir: string, prefix = ''): Array<[string, Stats]> {
  const out: Array<[string, Stats]> = [];
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name;
    const st = lstatSync(join(dir, rel));
    out.push([rel, st]);
    if (!st.isDirectory()) continue;
    try {
      out.push(...entriesUnder(dir, rel));
    } catch (e) {
      // a folder carb cannot read (a volume's lost+found) holds nothing carb wrote: judged by its name alone
      if ((e as NodeJS.ErrnoException).code !== 'EACCES') throw e;
    }
  }
  return out;
}

/**
 * Why carb may not write `dir` under `rule`, or null when it may. It may write a folder that
 * does not exist or is empty, or one that carb wrote for the same kind: its marker (or, before
 * it, `rule.recognise`) says so and, when the folder is replaced whole, it holds nothing but
 * the files carb wrote there. It never writes through a symbolic link: `dir` itself, or any
 * entry in it, being one is refused. One line naming the folder.
 */
export function outputFolderProblem(dir: string, rule: OutputRule): string | null {
  const where = outputLocationProblem(dir);
  if (where !== null) return where;
  const st = lstatOrNull(dir);
  if (st === null) return null;
  const wanted = `a new or empty folder, or one carb ${rule.kind} wrote`;
  if (st.isSymbolicLink())
    return `${dir} is a symbolic link; carb never writes through links, so give the folder itself (expected ${wanted})`;
  if (!st.isDirectory()) return `${dir} is a file; expected ${wanted}`;
  const entries = entriesUnder(dir);
  if (entries.length === 0) return null;
  const link = entries.find(([, s]) => s.isSymbolicLink());
  if (link) return `${dir}: ${link[0]} is a symbolic link; carb never writes through links, so remove it or choose another folder`;
  const marker = readOutputMarker(dir);
  if (marker && marker.kind !== rule.kind) return `${dir} holds carb ${marker.kind} output; expected ${wanted}`;
  const files = marker ? marker.files : (rule.recognise?.(dir) ?? null);
  if (!marker && files === null)
    return `${dir} is a non-empty folder carb did not write (no ${OUTPUT_MARKER}); carb replaces only folders it wrote, so choose a new or empty one`;
  if (rule.incremental) return null;
  const listed = new Set(files ?? []);
  const foreign = entries.find(
    ([rel, s]) =>
      rel !== OUTPUT_MARKER && (s.isDirectory() ? ![...listed].some((f) => f.startsWith(`${rel}/`)) : !(s.isFile() && listed.has(rel))),
  );
  if (foreign)
    return `${dir}: holds ${foreign[0]}, which carb did not write there; the folder is replaced whole, so move it out or choose another folder`;
  return null;
}

/**
 * Claims `dir` for a whole run of a command: refuses it (Error, the one line of
 * outputFolderProblem) unless carb may write it, then takes its lock (lockOutput; `part`
 * narrows it to one shard). Returns the release. Commands call it before any work, so the
 * loser of two runs on one folder stops at once, not after its work.
 */
export function claimOutputFolder(dir: string, rule: OutputRule, part?: string): () => void {
  const problem = outputFolderProblem(dir, rule);
  if (problem) throw new Error(problem);
  const release = lockOutput(dir, part);
  // a run that was waiting could have lost the race to one that changed the folder
  const now = outputFolderProblem(dir, rule);
  if (now) {
    release();
    throw new Error(now);
  }
  return release;
}

type FolderEntry = readonly [string, string | Uint8Array];

/**
 * Writes a whole folder under the output-folder rule: refuses `dir` unless carb may replace
 * it (outputFolderProblem), holds its lock while writing, adds the marker listing every file
 * (unless `files` already has it: a report lists it in its manifest) and swaps the folder in
 * atomically (writeDirAtomic: temporary files go on SIGINT/SIGTERM/SIGHUP and with the next
 * write after a SIGKILL). Files given as an async iterable (some still being made) are written
 * as they come and must include the marker: its listing cannot wait for the last of them.
 */
export async function writeOutputFolder(
  dir: string,
  rule: OutputRule,
  files: ReadonlyMap<string, string | Uint8Array> | ReadonlyArray<FolderEntry> | AsyncIterable<FolderEntry>,
): Promise<void> {
  let entries: FolderEntry[] | AsyncIterable<FolderEntry>;
  if (Symbol.asyncIterator in files) entries = withMarker(files);
  else {
    entries = files instanceof Map ? [...(files as ReadonlyMap<string, string | Uint8Array>)] : [...(files as readonly FolderEntry[])];
    const names = entries.map(([n]) => n);
    if (!names.includes(OUTPUT_MARKER)) entries.push([OUTPUT_MARKER, outputMarkerText(rule.kind, names)]);
  }
  const release = claimOutputFolder(dir, rule);
  try {
    await writeDirAtomic(dir, entries as DirEntries, { replaceable: (abs) => outputFolderProblem(abs, rule) === null });
  } finally {
    release();
  }
}

/** `files` passed through, failing the write (before the swap) when they end without the marker. */
async function* withMarker(files: AsyncIterable<FolderEntry>): AsyncGenerator<FolderEntry> {
  let marked = false;
  for await (const entry of files) {
    if (entry[0] === OUTPUT_MARKER) marked = true;
    yield entry;
  }
  if (!marked) throw new Error(`writeOutputFolder: files given as they are made must include ${OUTPUT_MARKER}; found none`);
}
