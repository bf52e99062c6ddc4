import { nameRecord } from '@carb/io';
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
 * both apply one rule. Memory: one map entry per kept episode id (exact duplicate
 * detection needs every id; about 100 bytes each).
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
   * Kept ids and the index of their file, while every id has been greater than the one before: a
   * new id greater than the last cannot repeat one, so a corpus in id order (every suite) is checked
   * without a map of 10⁶ ids (~0.6 s and ~40 MB); the map is built from these at the first id out of order.
   */
  private ascending: { ids: string[]; files: number[] } | null = { ids: [], files: [] };
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
      if (this.ascending) {
        this.ascending.ids.push(ep.id);
        this.ascending.files.push(at);
      } else this.firstFile.set(ep.id, at);
      kept.push(ep);
      if (ep.flags.aborted !== null) this.flagged.aborted++;
      if (ep.flags.textOnlyCalls) this.flagged.textOnlyCalls++;
    }
    this.episodes += kept.length;
    return kept;
  }

  /** The index of the file of the kept episode with this id, if any. */
  private firstFileOf(id: string): number | undefined {
    const a = this.ascending;
    if (a !== null) {
      if (a.ids.length === 0 || a.ids[a.ids.length - 1]! < id) return undefined;
      this.firstFile = new Map(a.ids.map((kept, k) => [kept, a.files[k]!]));
      this.ascending = null;
    }
    return this.firstFile.get(id);
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
