import { readFileSync } from 'node:fs';
import {
  concatBreakpoints,
  decodeBreakpointArrow,
  shardSize,
  takeBreakpoints,
  type BreakpointTable,
  type ReplayProvenance,
} from '@carb/replay';
import { configComponentHashes, type Pipeline } from '@carb/pipeline';
import { sha256Hex } from '@carb/io';
import type { ReplayedInput } from './replayInput.ts';

interface ShardFile {
  file: string;
  /** SHA-256 of the bytes read (recorded as a manifest input). */
  sha256: string;
  tables: BreakpointTable[];
  provenance: ReplayProvenance;
}

/** The fields every shard of one replay must share (all but the shard index). */
function identity(p: ReplayProvenance): string {
  return JSON.stringify({ ...p, shard: p.shard ? p.shard.count : null });
}

/** One breakpoint file of `carb replay --out`, refused when it carries no replay provenance. */
function readShard(file: string): ShardFile {
  const bytes = readFileSync(file);
  const { tables, provenance } = decodeBreakpointArrow(bytes, file);
  if (!provenance)
    throw new Error(
      `${file}: expected a breakpoint table with its replay provenance (written by carb replay --out of this version), found none; replay the corpus again`,
    );
  return { file, sha256: sha256Hex(bytes), tables, provenance };
}

/** Refuses a shard replayed under other frozen components than the pipeline calibrating. */
function checkPipeline(shards: readonly ShardFile[], pipeline: Pipeline): void {
  const mine: Record<string, string> = configComponentHashes(pipeline);
  for (const s of shards) {
    const differing = Object.keys(mine).filter((k) => s.provenance.components[k] !== mine[k]);
    if (differing.length)
      throw new Error(
        `${s.file}: replayed under another pipeline than the one calibrating (differing components: ${differing.join(', ')}); expected shards of this pipeline`,
      );
  }
}

/** What makes `p` a foreign shard beside `q`: the first difference a reader can act on. */
function foreignDifference(p: ReplayProvenance, q: ReplayProvenance): string {
  if (p.corpusDigest !== q.corpusDigest || p.corpusEpisodes !== q.corpusEpisodes)
    return `corpus ${p.corpusDigest.slice(0, 12)} (${p.corpusEpisodes} episodes) vs ${q.corpusDigest.slice(0, 12)} (${q.corpusEpisodes})`;
  if ((p.shard?.count ?? null) !== (q.shard?.count ?? null))
    return `shard count ${p.shard?.count ?? 'none'} vs ${q.shard?.count ?? 'none'}`;
  if (p.carbVersion !== q.carbVersion) return `carb version ${p.carbVersion} vs ${q.carbVersion}`;
  return 'replay settings (noise, corpus paths or format)';
}

/** Refuses shards of another replay than the first file's (corpus, count, version, settings, selectors). */
function checkOneReplay(shards: readonly ShardFile[]): void {
  const first = shards[0]!;
  for (const s of shards) {
    if (identity(s.provenance) !== identity(first.provenance))
      throw new Error(
        `${s.file}: foreign shard: ${foreignDifference(s.provenance, first.provenance)} in ${first.file}; expected shards of one replay`,
      );
    const selectors = s.tables.map((t) => t.method).join(',');
    if (selectors !== first.tables.map((t) => t.method).join(','))
      throw new Error(
        `${s.file}: selectors ${selectors}; expected those of ${first.file} (${first.tables.map((t) => t.method).join(',')})`,
      );
  }
}

/** The shards of one replay by index, refused on a duplicated or missing index or a shard of the wrong size. */
function shardsByIndex(shards: readonly ShardFile[], p: ReplayProvenance, count: number): ShardFile[] {
  // dense, not new Array(count): flatMap skips the holes of a sparse array
  const byIndex: Array<ShardFile | undefined> = Array.from({ length: count }, () => undefined);
  for (const s of shards) {
    const i = s.provenance.shard!.index;
    if (byIndex[i]) throw new Error(`${s.file}: duplicate shard ${i}/${count} (also ${byIndex[i].file})`);
    byIndex[i] = s;
    const expected = shardSize(p.corpusEpisodes, i, count);
    if (s.tables[0]!.n !== expected)
      throw new Error(
        `${s.file}: shard ${i}/${count} holds ${s.tables[0]!.n} episodes; expected ${expected} of the corpus's ${p.corpusEpisodes}`,
      );
  }
  const missing = byIndex.flatMap((s, i) => (s ? [] : [i]));
  if (missing.length)
    throw new Error(
      `shards: missing ${missing.length} of ${count}: index ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}; expected every shard 0 … ${count - 1}`,
    );
  return byIndex as ShardFile[];
}

/** The tables in corpus order: the one whole-corpus table, or the shards interleaved back. */
function corpusOrderTables(shards: readonly ShardFile[]): BreakpointTable[] {
  const first = shards[0]!;
  const p = first.provenance;
  if (!p.shard) {
    if (shards.length > 1)
      throw new Error(
        `${shards[1]!.file}: a second whole-corpus table beside ${first.file}; expected one table or the shards of one replay`,
      );
    return first.tables;
  }
  const count = p.shard.count;
  const byIndex = shardsByIndex(shards, p, count);
  // shard i holds corpus positions i, i + N, i + 2N, …: interleave them back
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + byIndex[i]!.tables[0]!.n;
  const order = Int32Array.from({ length: p.corpusEpisodes }, (_, k) => offsets[k % count]! + Math.floor(k / count));
  return first.tables.map((_, s) => takeBreakpoints(concatBreakpoints(byIndex.map((f) => f.tables[s]!)), order));
}

/**
 * Reads the breakpoint files of `carb replay --out` (one whole-corpus file, or the shards of
 * `--shard i/N`) and returns the tables in corpus order — byte for byte the unsharded replay.
 * Refuses, naming the file: a table without provenance, one replayed under other frozen
 * components than `pipeline`, shards of another corpus, count or version, a duplicated index,
 * a missing index, a shard whose episode count does not fit its index; an edited or truncated
 * file (decodeBreakpointArrow checks its recorded SHA-256).
 */
export function mergeShards(
  files: readonly string[],
  pipeline: Pipeline,
): ReplayedInput & { provenance: ReplayProvenance; fileSha256: Record<string, string> } {
  const shards = files.map(readShard);
  checkPipeline(shards, pipeline);
  checkOneReplay(shards);
  const tables = corpusOrderTables(shards);
  const p = shards[0]!.provenance;
  return {
    tables: new Map(tables.map((t) => [t.method, t])),
    episodes: p.corpusEpisodes,
    digest: p.corpusDigest,
    format: p.format,
    strata: null,
    strataDigests: null,
    noise: p.noise,
    models: p.models,
    provenance: p,
    fileSha256: Object.fromEntries(shards.map((s) => [s.file, s.sha256])),
  };
}
