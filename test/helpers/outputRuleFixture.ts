import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './shared.ts';

/** The carb bin, run with plain node by the tests that spawn or signal it. */
export const BIN = join(ROOT, 'packages/cli/bin/carb.js');
export const CES = join(ROOT, 'corpora/ces-clean.jsonl');

/** A small, quick calibration of the bundled CES clean corpus into `out`. */
export const calibrateArgv = (out: string) => [
  'calibrate',
  CES,
  '--methods',
  'no-guard,g-carb',
  '--splits',
  '2',
  '--no-frontier',
  '--out',
  out,
];

/** A folder of the user's own: `files` (name → text) in a fresh folder `name` under `root`. */
export function userFolder(root: string, name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}
