import { workerEntry } from '@carb/io';

/** The sweep worker file beside the running code (sources or bundle). */
export function sweepWorkerEntry(): { filename: string; execArgv?: string[] } {
  return workerEntry(import.meta.url, 'sweepWorker');
}
