import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The worker file beside the running code: replayWorker.ts under the TypeScript sources
 * (loaded through tsx), replayWorker.js (same extension) beside a compiled bundle.
 */
export function replayWorkerEntry(): { filename: string; execArgv?: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ext = extname(here);
  const filename = join(dirname(here), `replayWorker${ext}`);
  return ext === '.ts' ? { filename, execArgv: ['--import', 'tsx'] } : { filename };
}
