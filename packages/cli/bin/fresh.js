// Is packages/cli/dist/carb.js built from the sources as they are now? Kept free of esbuild and
// of the sources so the answer costs one small JSON read and a stat per input (~180 files, a few ms).
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root (this file is packages/cli/bin/fresh.js). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = join(ROOT, 'packages/cli/dist');
export const BUNDLE = join(DIST, 'carb.js');
/** Inputs of the last build with their size and mtime, written after the bundle. */
export const MANIFEST = join(DIST, 'build.json');

/** `size:mtime` of a file relative to ROOT, or `missing`. */
export function inputStamp(rel) {
  const s = statSync(join(ROOT, rel), { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'missing';
}

/**
 * Why the bundle cannot be trusted (no manifest, a missing output, or the first input whose size or
 * mtime differs from the build's), or null when it is current. Any change counts, not only a
 * newer mtime, so a checkout of older files is caught too.
 * @returns {string | null}
 */
export function staleReason() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return 'no build';
  }
  const { inputs, outputs } = manifest;
  for (const rel of outputs) {
    if (inputStamp(rel) === 'missing') return `${rel} missing`;
  }
  for (const [rel, stamp] of Object.entries(inputs)) {
    if (inputStamp(rel) !== stamp) return `${rel} changed`;
  }
  return null;
}
