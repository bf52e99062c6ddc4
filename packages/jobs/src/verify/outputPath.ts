import { lstatSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Why a manifest's output path cannot be read inside `dir`, or null: it must be relative,
 * "/"-separated, without `.`, `..` or empty segments, and no part of it may be a symlink
 * (verify never follows one out of the folder). A missing path is not a problem here.
 */
export function outputPathProblem(dir: string, rel: string): string | null {
  const parts = rel.split('/');
  if (rel === '' || rel.includes('\\') || rel.includes('\0') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    return `${join(dir, 'manifest.json')}: outputs: expected a path inside ${dir} (relative, no "..", not absolute), found ${JSON.stringify(rel)}; nothing read`;
  }
  for (let i = 1; i <= parts.length; i++) {
    const path = join(dir, ...parts.slice(0, i));
    let link: boolean;
    try {
      link = lstatSync(path).isSymbolicLink();
    } catch {
      return null;
    }
    if (link) return `${path}: symlink, not followed (verify reads only files inside ${dir})`;
  }
  return null;
}
