import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isCarbManifest } from './carbManifest.ts';

/** What `carb verify` finds in a report folder, symlinks never followed. */
export interface FolderFiles {
  /** Regular files, "/"-joined paths relative to the folder, sorted. */
  files: string[];
  /** Symlinks (to files or folders), relative paths: not followed, not read. */
  symlinks: string[];
  /** Sub-folders with their own carb manifest.json that the manifest lists nothing in: other carb outputs, skipped whole. */
  nested: string[];
}

/**
 * Walks `dir` without following symlinks. `listed` are the manifest's output paths: a
 * sub-folder none of them is in, holding a carb manifest.json, is another carb output folder
 * and is skipped (not counted as extra files); anything else is walked.
 */
export function folderFiles(dir: string, listed: readonly string[]): FolderFiles {
  const found: FolderFiles = { files: [], symlinks: [], nested: [] };
  const walk = (prefix: string) => {
    for (const name of readdirSync(join(dir, prefix)).sort()) {
      const rel = prefix ? `${prefix}/${name}` : name;
      const st = lstatSync(join(dir, rel));
      if (st.isSymbolicLink()) found.symlinks.push(rel);
      else if (st.isDirectory()) {
        if (!listed.some((f) => f.startsWith(`${rel}/`)) && isCarbManifest(join(dir, rel, 'manifest.json'))) found.nested.push(rel);
        else walk(rel);
      } else found.files.push(rel);
    }
  };
  walk('');
  return found;
}
