import { resolveShard, shardFileName, type ShardSpec } from '@carb/jobs';
import { single } from './single.ts';

export { shardFileName, type ShardSpec };

/** --shard (given once): `i/N`, `auto` or `auto/N`, resolved by @carb/jobs against the batch engine's environment. */
export function parseShard(flag: string, raw: unknown, env: NodeJS.ProcessEnv = process.env): ShardSpec {
  return resolveShard(flag, String(single(flag, raw)), env);
}
