import { existsSync, statSync } from 'node:fs';
import { outputLocationProblem } from '@carb/io';

/**
 * Why `carb tools init` may not write its typing skeleton to `out`, or null: a folder is no file
 * name, an existing file is replaced only with `force` (a hand-edited typing is the user's), and
 * the path must be one an output can take (outputLocationProblem). One line, without the flag.
 */
export function toolsInitTargetProblem(out: string, force: boolean): string | null {
  if (existsSync(out) && statSync(out).isDirectory()) return `expected a file name, found a directory at ${out}`;
  if (existsSync(out) && !force) return `expected a new file (or --force to replace it), found an existing file at ${out}`;
  return outputLocationProblem(out);
}
