import { MAX_MERGED_RUNS, nameRecord } from '@carb/io';
import type { Problem } from './problems.ts';
import type { Episode } from './types.ts';

export interface CorpusSummary {
  /** Corpus files read (AgentDojo .json, .jsonl, .arrow, each optionally .gz). */
  files: number;
  /** Episodes returned. */
  episodes: number;
  /** Records or files skipped, by reason. */
  skipped: Record<string, number>;
  /** Episodes kept but flagged. */
  flagged: { aborted: number; textOnlyCalls: number };
  /** Unknown top-level fields of log records, left out of the episodes: field → records. */
  dropped: Record<string, number>;
  /** Bytes read from corpus files (as stored: compressed for .gz). */
  bytes: number;
}

type Mark = { problems: number; skipped: Record<string, number>; dropped: Record<string, number> };

const sorted = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * What a corpus read has seen so far: problems, skip counts, the ids kept (duplicates
 * keep the first occurrence) and the summary. Shared by readCorpus and streamCorpus so
 * both apply one rule. Memory: every kept episode id (exact duplicate detection needs
 * them all), in arrays while they form a few ascending runs, else in a map (about 100 bytes each).
 */
export class CorpusTally {
  readonly problems: Problem[] = [];
  readonly skipped: Record<string, number> = {};
  readonly flagged = { aborted: 0, textOnlyCalls: 0 };
  // field names are the log's own: on a plain object `constructor` counted on from an inherited function
  readonly dropped = nameRecord<number>();
  files = 0;
  bytes = 0;
  episodes = 0;
  private readonly fileNames: string[] = [];
  /**
   * Kept ids and the index of their file, in the order kept, while they form at most MAX_MERGED_RUNS
   * ascending runs (`starts`): a new id is looked up by bisection in each run whose range holds it,
   * not in a map of every id. A corpus in id order is one run; 10⁶ graph-braid ids are three
   * (gb-9999, then gb-10000 … gb-99999, then gb-100000 …), where the map took ~1.1 s of the reading
   * thread during the replay and ~40 MB. The map is built from these past that many runs.
   */
  private runs: { ids: string[]; files: number[]; starts: number[] } | null = { ids: [], files: [], starts: [] };
  private firstFile = new Map<string, number>();
  // A file's duplicate-id problems follow its record problems, however the file is read in pieces.
  private duplicates: Problem[] = [];

  skip(reason: string, p: Problem): void {
    this.problems.push(p);
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  /** A decoder's problems and skip counts, and the unknown fields it dropped. */
  merge(problems: readonly Problem[], skipped: Record<string, number>, dropped: Record<string, number> = {}): void {
    for (const p of problems) this.problems.push(p);
    for (const [reason, c] of Object.entries(skipped)) this.skipped[reason] = (this.skipped[reason] ?? 0) + c;
    for (const [field, c] of Object.entries(dropped)) this.dropped[field] = (this.dropped[field] ?? 0) + c;
  }

  /** A point to roll back to: a file refused whole withdraws the problems it reported. */
  mark(): Mark {
    return { problems: this.problems.length, skipped: { ...this.skipped }, dropped: { ...this.dropped } };
  }

  rollback(m: Mark): void {
    this.problems.length = m.problems;
    for (const [now, then] of [
      [this.skipped, m.skipped],
      [this.dropped, m.dropped],
    ] as const) {
      for (const k of Object.keys(now)) Reflect.deleteProperty(now, k);
      Object.assign(now, then);
    }
  }

  /** The episodes of `file` that are kept: a repeated id is skipped as `duplicate-id`. */
  keep<E extends Pick<Episode, 'id' | 'flags'>>(episodes: readonly E[], file: string): E[] {
    if (this.fileNames[this.fileNames.length - 1] !== file) this.fileNames.push(file);
    const at = this.fileNames.length - 1;
    const kept: E[] = [];
    for (const ep of episodes) {
      const first = this.firstFileOf(ep.id);
      if (first !== undefined) {
        this.duplicates.push({
          file,
          record: ep.id,
          message: `expected a unique episode id, found a duplicate of the episode in ${this.fileNames[first] ?? 'an earlier file'}`,
        });
        this.skipped['duplicate-id'] = (this.skipped['duplicate-id'] ?? 0) + 1;
        continue;
      }
      if (this.runs) this.keepInRuns(this.runs, ep.id, at);
      else this.firstFile.set(ep.id, at);
      kept.push(ep);
      if (ep.flags.aborted !== null) this.flagged.aborted++;
      if (ep.flags.textOnlyCalls) this.flagged.textOnlyCalls++;
    }
    this.episodes += kept.length;
    return kept;
  }

  /** The index of the file of the kept episode with this id, if any. */
  private firstFileOf(id: string): number | undefined {
    const r = this.runs;
    if (r === null) return this.firstFile.get(id);
    const { ids, starts } = r;
    for (let s = 0; s < starts.length; s++) {
      const lo = starts[s]!;
      const hi = s + 1 < starts.length ? starts[s + 1]! : ids.length;
      if (id < ids[lo]! || ids[hi - 1]! < id) continue;
      const k = bisect(ids, id, lo, hi);
      if (ids[k] === id) return r.files[k];
    }
    return undefined;
  }

  /** Adds a kept id to the runs, opening a new run when it is not greater than the last, or leaves them for the map. */
  private keepInRuns(r: NonNullable<CorpusTally['runs']>, id: string, file: number): void {
    if (r.ids.length > 0 && !(r.ids[r.ids.length - 1]! < id)) {
      if (r.starts.length === MAX_MERGED_RUNS) {
        this.firstFile = new Map(r.ids.map((kept, k) => [kept, r.files[k]!]));
        this.firstFile.set(id, file);
        this.runs = null;
        return;
      }
      r.starts.push(r.ids.length);
    } else if (r.ids.length === 0) r.starts.push(0);
    r.ids.push(id);
    r.files.push(file);
  }

  /** Ends a file: its duplicate-id problems are listed after its other problems. */
  endFile(): void {
    for (const p of this.duplicates) this.problems.push(p);
    this.duplicates = [];
  }

  summary(): CorpusSummary {
    return {
      files: this.files,
      episodes: this.episodes,
      skipped: { ...this.skipped },
      flagged: { ...this.flagged },
      dropped: sorted(this.dropped),
      bytes: this.bytes,
    };
  }
}

/** The first position in ascending ids[lo … hi) whose id is not below `id`. */
function bisect(ids: readonly string[], id: string, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
