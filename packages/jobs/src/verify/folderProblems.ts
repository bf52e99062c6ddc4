import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileSha256 } from '@carb/io';
import { folderFiles } from './folderFiles.ts';
import { outputPathProblem } from './outputPath.ts';

/** The first 12 hex digits of a SHA-256, for a line that names two. */
export const short = (h: string) => `${h.slice(0, 12)}…`;

/**
 * One line per file of `dir` that differs from `expected` (relative path → SHA-256):
 * changed, missing or not listed; an output path outside the folder, and a symlink, are
 * named and never followed. `manifest.json` itself is expected and not hashed here. Sub-folders
 * holding another carb output (their own manifest, nothing in them listed) are returned as
 * `nested`, not counted as extra files.
 */
export function folderProblems(dir: string, expected: Record<string, string>): { problems: string[]; nested: string[] } {
  const listed = Object.keys(expected);
  const found = folderFiles(dir, listed);
  const problems = new Set<string>();
  for (const [file, hash] of Object.entries(expected)) {
    const outside = outputPathProblem(dir, file);
    if (outside) {
      problems.add(outside);
      continue;
    }
    const path = join(dir, file);
    if (!existsSync(path)) {
      problems.add(`${path}: missing (listed in the manifest)`);
      continue;
    }
    const now = fileSha256(path);
    if (now !== hash) problems.add(`${path}: changed (manifest sha256 ${short(hash)}, file sha256 ${short(now)})`);
  }
  for (const f of found.symlinks) problems.add(`${join(dir, f)}: symlink, not followed (verify reads only files inside ${dir})`);
  for (const f of found.files)
    if (f !== 'manifest.json' && !(f in expected)) problems.add(`${join(dir, f)}: extra file, not listed in the manifest`);
  return { problems: [...problems], nested: found.nested };
}
