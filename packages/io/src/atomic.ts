import { mkdirSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { tempPathFor } from './tempPath.ts';
import { writeFailure } from './writeFailure.ts';

/** Writes a file so that readers see either the old or the complete new content. */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = tempPathFor(file);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw writeFailure(file, 'it', e);
  }
}
