import { join } from 'node:path';
import { ROOT } from './shared.ts';

/** The corpus sharded in the shard tests: 320 episodes, so 4 shards hold 80 each (3 would hold 107, 107, 106). */
export const SHARD_CORPUS = join(ROOT, 'corpora/ces-near-miss.jsonl');
export const SHARD_COUNT = 4;
/** A quick calibration run (the byte comparison does not need 200 splits or the frontier). */
export const SHARD_CALIBRATE_ARGS = ['--no-frontier', '--splits', '20', '--methods', 'no-guard,full-prefix,g-carb'];
/** Report files a merged run must reproduce byte for byte (manifest and index.html record the argv). */
export const SHARD_REPORT_FILES = ['summary.json', 'splits.arrow', 'splits.csv', 'paired.json', 'deploy.json'];
