/** One array task's part of a sharded replay: shard `index` of `count` (0 ≤ index < count). */
export interface ShardSpec {
  index: number;
  count: number;
}

/** Shard file name inside `--out DIR`: zero-padded so a shell glob lists shards in order. */
export const shardFileName = (s: ShardSpec): string =>
  `shard-${String(s.index).padStart(5, '0')}-of-${String(s.count).padStart(5, '0')}.arrow`;
