import { UsageError, badValue } from '@carb/io';

/** One array task's part of a sharded replay: shard `index` of `count` (0 ≤ index < count). */
export interface ShardSpec {
  index: number;
  count: number;
}

/** Shard file name inside `--out DIR`: zero-padded so a shell glob lists shards in order. */
export const shardFileName = (s: ShardSpec): string =>
  `shard-${String(s.index).padStart(5, '0')}-of-${String(s.count).padStart(5, '0')}.arrow`;

const EXPECTED = 'i/N with 0 ≤ i < N (e.g. 3/16), auto, or auto/N';
const MAX_SHARDS = 100_000;

/**
 * A shard given as `i/N`, or `auto` / `auto/N` for a batch engine's array task: the index from
 * JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN
 * (Slurm job array), the count N from `auto/N`, CARB_SHARD_COUNT or SLURM_ARRAY_TASK_COUNT.
 * A value that names no shard is a UsageError naming `flag`.
 */
export function resolveShard(flag: string, text: string, env: NodeJS.ProcessEnv = process.env): ShardSpec {
  const m = /^(\d+|auto)(?:\/(\d+))?$/.exec(text);
  if (!m) throw badValue(flag, EXPECTED, text);
  const given = m[2] === undefined ? undefined : Number(m[2]);
  if (m[1] !== 'auto') {
    if (given === undefined) throw badValue(flag, EXPECTED, text);
    return checked(flag, Number(m[1]), given, text);
  }
  const index = indexFromEnv(flag, env);
  return checked(flag, index, given ?? countFromEnv(flag, env), `${text} (index from the environment)`);
}

function checked(flag: string, index: number, count: number, shown: string): ShardSpec {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_SHARDS)
    throw badValue(flag, `a shard count N from 1 to ${MAX_SHARDS}`, shown);
  if (!Number.isSafeInteger(index) || index >= count)
    throw badValue(flag, `a shard index i with 0 ≤ i < N = ${count}`, `${shown} → i = ${index}`);
  return { index, count };
}

function envInteger(env: NodeJS.ProcessEnv, name: string, flag: string): number | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(v)) throw new UsageError(`${flag}: expected ${name} to be a non-negative integer, found ${v}`);
  return Number(v);
}

function indexFromEnv(flag: string, env: NodeJS.ProcessEnv): number {
  const k8s = envInteger(env, 'JOB_COMPLETION_INDEX', flag);
  if (k8s !== undefined) return k8s;
  const slurm = envInteger(env, 'SLURM_ARRAY_TASK_ID', flag);
  // arrays submitted as --array=1-16 start at 1: the shard index is relative to the first task
  if (slurm !== undefined) return slurm - (envInteger(env, 'SLURM_ARRAY_TASK_MIN', flag) ?? 0);
  throw new UsageError(
    `${flag}: auto: expected JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm job array) in the environment, found neither`,
  );
}

function countFromEnv(flag: string, env: NodeJS.ProcessEnv): number {
  const count = envInteger(env, 'CARB_SHARD_COUNT', flag) ?? envInteger(env, 'SLURM_ARRAY_TASK_COUNT', flag);
  if (count === undefined)
    throw new UsageError(`${flag}: auto: expected the shard count as auto/N, CARB_SHARD_COUNT or SLURM_ARRAY_TASK_COUNT, found none`);
  return count;
}
