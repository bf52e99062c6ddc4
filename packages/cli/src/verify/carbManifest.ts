import { lstatSync, readFileSync } from 'node:fs';

/**
 * True when `file` is a manifest.json carb wrote: a regular file (not a symlink) holding a
 * JSON object that names its carb version (`carbVersion`) or carries a carb marker (a
 * top-level key starting with "carb"). `carb verify` skips a folder holding one that its own
 * manifest does not list: another carb output (`out/own-logs` beside the main job's sections).
 */
export function isCarbManifest(file: string): boolean {
  try {
    if (!lstatSync(file).isFile()) return false;
    const m = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (m === null || typeof m !== 'object' || Array.isArray(m)) return false;
    const o = m as Record<string, unknown>;
    return typeof o.carbVersion === 'string' || Object.keys(o).some((k) => k.startsWith('carb') && Boolean(o[k]));
  } catch {
    return false;
  }
}
