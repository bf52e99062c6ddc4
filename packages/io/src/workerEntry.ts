import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

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

/**
 * A worker thread running the worker file `name` beside the module at `moduleUrl` (workerEntry).
 * Under the TypeScript sources the thread loads it through tsx's API: node 20 does not apply
 * `--import tsx` to a worker's own entry file (piscina gets around it by starting a .js file of its own).
 */
export function workerThread(moduleUrl: string, name: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'>): Worker {
  const { filename, execArgv } = workerEntry(moduleUrl, name);
  if (!execArgv) return new Worker(filename, options);
  const url = JSON.stringify(pathToFileURL(filename).href);
  // resolved here: the thread's own resolution starts from the working directory
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${url}, ${url}));`, { ...options, eval: true });
}
