/**
 * Where a breakpoint table came from, stored in its Arrow metadata so a merge can refuse a
 * missing, duplicated or foreign shard: the frozen components that decide every outcome, the
 * corpus it was replayed from, and which deterministic share of that corpus it holds.
 */
export interface ReplayProvenance {
  carbVersion: string;
  /** SHA-256 of ledger, toolTyping, graph, selector, scorer, sanitizer and grid (configComponentHashes in @carb/pipeline). */
  components: Record<string, string>;
  /** corpusDigest of the WHOLE usable corpus (every shard reads and digests all of it). */
  corpusDigest: string;
  /** Usable episodes in the whole corpus. */
  corpusEpisodes: number;
  /** `source.format` of the first usable episode (the fold rule is detected from it), null when none. */
  format: string | null;
  /** Suite perturbation applied at replay (`σ@seed`, `edgeDropout=p@seed`, or `σ+edgeDropout=p@seed`), null when none. */
  noise: string | null;
  /** Distinct source.model values of the whole corpus. */
  models: string[];
  /** Corpus paths as given (labels are read beside them). */
  corpus: string[];
  /** Shard i of N: the usable episodes whose position k in the corpus has k mod N = i; null = all. */
  shard: { index: number; count: number } | null;
}

/** Episodes of shard `index` of `count` over a corpus of `total` usable episodes. */
export function shardSize(total: number, index: number, count: number): number {
  return index < total ? Math.floor((total - 1 - index) / count) + 1 : 0;
}
