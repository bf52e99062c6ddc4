import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isCarbOutputFolder } from './carbOutputFolder.ts';

/** What `carb verify` finds in a report folder, symlinks never followed. */
export interface FolderFiles {
  /** Regular files, "/"-joined paths relative to the folder, sorted. */
  files: string[];
  /** Symlinks (to files or folders), relative paths: not followed, not read. */
  symlinks: string[];
  /** Sub-folders that are carb outputs of their own (isCarbOutputFolder) the manifest lists nothing in: skipped whole. */
  nested: string[];
}

/**
 * Walks `dir` without following symlinks. `listed` are the manifest's output paths: a
 * sub-folder none of them is in that is a carb output folder of its own (isCarbOutputFolder)
 * is skipped (not counted as extra files); anything else is walked.
 */
export function folderFiles(dir: string, listed: readonly string[]): FolderFiles {
  const found: FolderFiles = { files: [], symlinks: [], nested: [] };
  const walk = (prefix: string) => {
    for (const name of readdirSync(join(dir, prefix)).sort()) {
      const rel = prefix ? `${prefix}/${name}` : name;
      const st = lstatSync(join(dir, rel));
      if (st.isSymbolicLink()) found.symlinks.push(rel);
      else if (st.isDirectory()) {
        if (!listed.some((f) => f.startsWith(`${rel}/`)) && isCarbOutputFolder(join(dir, rel))) found.nested.push(rel);
        else walk(rel);
      } else found.files.push(rel);
    }
  };
  walk('');
  return found;
}
