import type { OutputRule } from '@carb/io';
import { readSweepRecord } from './sweepRecord.ts';

/**
 * The output rule of a sweep folder: it grows across runs and shards (conditions/<hash>.json,
 * sweep.json, the aggregates), so carb adds and replaces its own files there and removes
 * nothing; a non-empty folder is a sweep's only when it holds a sweep record whose spec hash
 * matches the spec it holds; no symbolic link anywhere in it (conditions/ pointing elsewhere).
 */
export const SWEEP_RULE: OutputRule = {
  kind: 'sweep',
  incremental: true,
  recognise: (dir) => {
    try {
      readSweepRecord(dir);
      return [];
    } catch {
      return null;
    }
  },
};

/** The part of a sweep folder one run locks: its shard, or the whole (an unsharded run, a merge). */
export const sweepLockPart = (shard?: { index: number; count: number }): string =>
  shard ? `shard-${shard.index}-of-${shard.count}` : 'all';
