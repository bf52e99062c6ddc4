import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A folder that carb may replace whole: a report it wrote (manifest.json, or index.html with tables.md). */
export function isReportFolder(dir: string): boolean {
  return existsSync(join(dir, 'manifest.json')) || (existsSync(join(dir, 'index.html')) && existsSync(join(dir, 'tables.md')));
}

/**
 * Why a report cannot be written to `dir` (a file, or a non-empty folder that is not a
 * carb report: the whole folder is replaced), or null when it can. Commands check it
 * before any work, so a bad --out costs nothing.
 */
export function reportTargetProblem(dir: string): string | null {
  if (!existsSync(dir)) return null;
  if (!statSync(dir).isDirectory()) return `${dir} is a file; expected a report folder (new, empty or an earlier carb report)`;
  if (readdirSync(dir).length === 0 || isReportFolder(dir)) return null;
  return `${dir} is a non-empty folder that is not a carb report (no manifest.json); the report replaces its folder whole, so choose a new or empty one`;
}
