import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileHead, type OutputRule } from '@carb/io';

const HEAD = 1 << 20;

/**
 * Whether `file` begins as a breakpoint table carb wrote (carb replay --out): an Arrow file
 * whose schema (at its start) carries the carb.breakpoints key. Only the head is read.
 */
export function isBreakpointArrowHead(file: string): boolean {
  try {
    const head = fileHead(file, HEAD);
    return head.subarray(0, 6).toString('latin1') === 'ARROW1' && head.includes('carb.breakpoints');
  } catch {
    return false;
  }
}

const SHARD = /^shard-\d+-of-\d+\.arrow$/;
// a shard being written by another array task right now: its temporary file or its lock
const SHARD_IN_WRITING = /^\.shard-\d+-of-\d+\.arrow\.(\d+-[0-9a-f]{8}\.tmp|carb-lock)$/;

/**
 * The output rule of a folder of replay shards (carb replay --shard i/N --out DIR): the array
 * tasks of one replay fill it together, each writing only its own shard file, so carb adds and
 * replaces shard files there and removes nothing; a non-empty folder is one only when it
 * holds nothing but breakpoint shards (and those being written), and perhaps the lost+found
 * of a freshly made volume (a Kubernetes volume mounted as the folder).
 */
export const REPLAY_SHARDS_RULE: OutputRule = {
  kind: 'replay-shards',
  incremental: true,
  recognise: (dir) => {
    const names = readdirSync(dir);
    return names.every((n) => n === 'lost+found' || SHARD_IN_WRITING.test(n) || (SHARD.test(n) && isBreakpointArrowHead(join(dir, n))))
      ? []
      : null;
  },
};
