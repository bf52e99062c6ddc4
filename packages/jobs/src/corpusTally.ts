import { CorpusDigester, type EpisodeHead } from '@carb/episodes';
import type { ShardSpec } from './shardSpec.ts';
import type { StratumField } from './strata.ts';

/** Stratum of an episode whose field is null. */
export const NO_STRATUM_VALUE = '(none)';

/**
 * What a replay pins of the corpus as it streams past, in corpus order: its digest (and one per
 * stratum with `by`), the first episode's format, the models, the position that decides a shard's
 * episodes, and the proposals and tools of the episodes replayed.
 */
export class CorpusTally {
  readonly digester = new CorpusDigester();
  readonly byStratum: Map<string, CorpusDigester> | null;
  readonly strata: string[] | null;
  format: string | null = null;
  position = 0;
  readonly models = new Set<string>();
  readonly calls = { total: 0, untyped: 0 };
  readonly tools = new Map<string, number>();

  constructor(
    private readonly by: StratumField | undefined,
    private readonly shard: ShardSpec | undefined,
  ) {
    this.byStratum = by ? new Map() : null;
    this.strata = by ? [] : null;
  }

  /** Counts a usable episode (`digest` adds it to a digester); false when it is not this shard's to replay. */
  account(e: EpisodeHead, digest: (d: CorpusDigester) => void): boolean {
    digest(this.digester);
    this.format ??= e.source.format;
    if (e.source.model !== null) this.models.add(e.source.model);
    const k = this.position++;
    if (this.shard && k % this.shard.count !== this.shard.index) return false;
    if (this.byStratum && this.strata) {
      const value = e.source[this.by!] ?? NO_STRATUM_VALUE;
      this.strata.push(value);
      let d = this.byStratum.get(value);
      if (!d) this.byStratum.set(value, (d = new CorpusDigester()));
      digest(d);
    }
    return true;
  }
}
