import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readOutputMarker } from '@carb/io';
import { SWEEP_RECORD } from '@carb/sweep';

/** The files a carb output folder is known by: a report's manifest, a sweep's record. */
const OUTPUT_RECORDS = ['manifest.json', SWEEP_RECORD];

/**
 * True when `file` is a record carb wrote: a regular file (not a symlink) holding a JSON
 * object that names its carb version (`carbVersion`) or carries a carb marker (a top-level
 * key starting with "carb").
 */
function isCarbRecord(file: string): boolean {
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

/**
 * True when `dir` is a carb output folder of its own: it has carb's output marker, or (a
 * folder an earlier carb wrote) its manifest.json (a report) or sweep.json (a sweep) is a
 * record carb wrote. `carb verify` skips such a folder when its own
 * manifest lists nothing in it: another output (`out/own-logs`, `out/sweeps/table10` beside
 * the main job's sections).
 */
export function isCarbOutputFolder(dir: string): boolean {
  return readOutputMarker(dir) !== null || OUTPUT_RECORDS.some((name) => isCarbRecord(join(dir, name)));
}
