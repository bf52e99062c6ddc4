import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

/** Project root (this file is test/helpers/shared.ts). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** ../shared beside the project: read-only corpora and papers, present in CI, absent on a user's clone. */
export const SHARED = resolve(ROOT, '../shared');
export const AGENTDOJO_RUNS = resolve(SHARED, 'corpora/agentdojo-runs/runs');
export const hasShared = existsSync(AGENTDOJO_RUNS);

let warned = false;
/** `describe` that runs only when ../shared exists, and says so visibly when it does not. */
export function describeShared(name: string, fn: () => void): void {
  if (!hasShared && !warned) {
    warned = true;
    process.stderr.write(`\n[carb tests] ../shared not found at ${SHARED}: tests on the shared corpora are SKIPPED.\n\n`);
  }
  describe.skipIf(!hasShared)(`${name}${hasShared ? '' : ' [skipped: ../shared absent]'}`, fn);
}
