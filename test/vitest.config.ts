import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Project root: this file sits in test/ so the top level keeps only the files the layout allows. */
const root = fileURLToPath(new URL('..', import.meta.url));

/** Exhaustive variants: the sampled corpus-wide checks of their siblings, on every episode. */
const FULL = '**/*.full.test.ts';
/** Tests on a real scheduler (a one-node Slurm they bring up): `npm run test:cluster`. */
const CLUSTER = '**/*.cluster.test.ts';

/**
 * `fast` (`npm test`, CI): every test file of test/ and packages/*\/test; corpus-wide checks
 * run on fixed-seed samples (test/helpers/episodeSample.ts). `full` (`npm run test:full`,
 * together with `fast`): the `*.full.test.ts` files on every episode. `cluster`
 * (`npm run test:cluster`, CI after `npm test`): `*.cluster.test.ts` on a local Slurm.
 *
 * Every file runs isolated: sharing one module graph per worker would save ~35 s, but a file
 * that leaned on another's module state could then pass or fail by order, and CI runs `fast`.
 */
export default defineConfig({
  root,
  test: {
    // Vitest's default is one worker per core minus one, i.e. a single worker on a 2-core
    // machine. Many files spend their time waiting on a spawned carb (whose own process uses a
    // core), so one worker more than cores keeps both cores busy: measured on this 2-core machine,
    // the fast project took 192 s with 3 workers, 199 s with 4 and 218 s with 2 (every test passing).
    maxWorkers: '150%',
    // worker threads, not forked processes: each isolated file imports faster (measured on this 2-core machine:
    // the fast project in 149 s with threads against 170 s with forks, every test passing either way)
    pool: 'threads',
    // A safety net, not the rule: every test that spawns carb sets its own timeout (120 s); the compute-bound ones
    // (property tests over random breakpoint tables, corpus-wide checks) take 1–5 s alone and several times that
    // beside other CPU-bound processes on two cores, where vitest's 5 s default failed them.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: [fileURLToPath(new URL('helpers/fastCheckSeed.ts', import.meta.url))],
    projects: [
      { extends: true, test: { name: 'fast', root, include: ['**/*.test.ts'], exclude: ['**/node_modules/**', FULL, CLUSTER] } },
      { extends: true, test: { name: 'full', root, include: [FULL], exclude: ['**/node_modules/**'] } },
      {
        extends: true,
        test: { name: 'cluster', root, include: [CLUSTER], exclude: ['**/node_modules/**'], testTimeout: 600_000, hookTimeout: 600_000 },
      },
    ],
  },
});
