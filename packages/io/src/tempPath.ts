import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/**
 * A hidden temporary path beside `file`, unique to this writer: the process id alone is not
 * (pods of a Kubernetes Indexed Job or Slurm tasks on other nodes often share pids and write
 * into one shared folder), so a random tag is added. Renamed onto `file` when complete.
 */
export function tempPathFor(file: string, suffix = ''): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}${suffix}.tmp`);
}
