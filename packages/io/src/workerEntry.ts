import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The worker file `name` beside the module at `moduleUrl` (its import.meta.url): name.ts under
 * the TypeScript sources (loaded through tsx), name.js beside the CLI bundle
 * (packages/cli/bin/build.js makes every `*Worker.ts` an entry of its own).
 */
export function workerEntry(moduleUrl: string, name: string): { filename: string; execArgv?: string[] } {
  const here = fileURLToPath(moduleUrl);
  const ext = extname(here);
  const filename = join(dirname(here), `${name}${ext}`);
  return ext === '.ts' ? { filename, execArgv: ['--import', 'tsx'] } : { filename };
}
