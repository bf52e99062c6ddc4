import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Removes the temporary files earlier, killed writers of `target` left beside it: tempPathFor's
 * `.<name>.<pid>-<tag>….tmp` (and `..<name>.…` of a temporary's own temporaries), and the plain
 * `.<name>.<pid>.jsonl` of the gzip corpus writer of earlier versions. Call it only while
 * holding the target's lock (lockOutput): then no live writer owns any of them, whichever host
 * it ran on. Returns the names removed.
 */
export function removeStaleTemps(target: string): string[] {
  const abs = resolve(target);
  const parent = dirname(abs);
  const base = basename(abs).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^(\\.\\.?${base}\\.\\d+[.-].*\\.tmp|\\.${base}\\.\\d+\\.jsonl)$`);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const stale = names.filter((n) => pattern.test(n));
  for (const n of stale) rmSync(join(parent, n), { recursive: true, force: true });
  return stale;
}
