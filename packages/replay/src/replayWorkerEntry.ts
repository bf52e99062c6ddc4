import { workerEntry } from '@carb/io';

/** The replay worker file beside the running code (sources or bundle). */
export function replayWorkerEntry(): { filename: string; execArgv?: string[] } {
  return workerEntry(import.meta.url, 'replayWorker');
}
