// Is packages/cli/dist/carb.cjs built from the sources as they are now? Kept free of esbuild and
// of the sources so the answer costs one small JSON read, a stat per input (~530 files: ~15 ms of CPU on
// this loaded 2-core machine, ~30 µs a stat) and one folder listing for the outputs.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root (this file is packages/cli/bin/fresh.js). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = join(ROOT, 'packages/cli/dist');
export const BUNDLE = join(DIST, 'carb.cjs');
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
  const manifest = readManifest();
  if (manifest === null) return 'no build';
  const { inputs, outputs } = manifest;
  const missing = firstMissing(outputs);
  if (missing !== null) return `${missing} missing`;
  for (const [rel, stamp] of Object.entries(inputs)) {
    if (inputStamp(rel) !== stamp) return `${rel} changed`;
  }
  return null;
}

/** The last build's manifest, or null when there is none. */
function readManifest() {
  try {
    return JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The V8 code cache of the bundle the manifest describes: a file named by the bundle's SHA-256
 * (V8 itself checks only its version, flags and the source's length), or null without a manifest
 * that records it. bin/runBundle.js writes it at the first run of a build.
 * @returns {string | null}
 */
export function codeCacheFile() {
  const sha = readManifest()?.bundleSha256;
  return typeof sha === 'string' && /^[0-9a-f]{64}$/.test(sha) ? join(DIST, `carb-${sha.slice(0, 16)}.cache`) : null;
}

/**
 * The first of `outputs` (paths relative to ROOT) that does not exist, or null. One listing per
 * folder, not a stat per file: the bundle's ~210 outputs cost ~20 ms of stats at every start.
 * @param {string[]} outputs
 * @returns {string | null}
 */
function firstMissing(outputs) {
  /** @type {Map<string, Set<string>>} */
  const listed = new Map();
  for (const rel of outputs) {
    const dir = dirname(rel);
    if (!listed.has(dir)) {
      let names = [];
      try {
        names = readdirSync(join(ROOT, dir));
      } catch {
        // no folder: every output in it is missing
      }
      listed.set(dir, new Set(names));
    }
    if (!listed.get(dir).has(rel.slice(dir.length + 1))) return rel;
  }
  return null;
}
