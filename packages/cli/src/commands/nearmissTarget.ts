import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The file that marks a folder as a `carb nearmiss` report (so --out may replace it). */
export const NEARMISS_MARKER = 'nearmiss.json';

/** Why `dir` cannot take a near-miss report (a file, or a non-empty folder of something else), or null. */
export function nearmissTargetProblem(dir: string): string | null {
  if (!existsSync(dir)) return null;
  if (!statSync(dir).isDirectory()) return `--out: expected a folder, found the file ${dir}`;
  if (readdirSync(dir).length === 0 || existsSync(join(dir, NEARMISS_MARKER))) return null;
  return `--out: expected a new, empty or earlier near-miss report folder, found ${dir} holding other files`;
}
