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
 * `fast` shares one module graph per worker (isolate: false): isolated, every one of its 160-odd
 * files paid ~1 s of CPU re-importing the workspace (ajv, apache-arrow, yargs …) in a fresh
 * thread, a third of the run's CPU (vitest 415 → 282 CPU-seconds). Sound because no test file
 * leans on another's module state: module-level state in the sources is either set before each
 * use (invocation, parse context) or a cache keyed by its inputs, and test files restore what
 * they stub (process.stdout/stderr/stdin spies, process.exitCode); the project passes in the default
 * file order and in shuffled ones (`--sequence.shuffle.files --sequence.seed=<n>`, also on one worker).
 * `full` and `cluster` stay isolated (slow anyway; not worth a second proof).
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
    globalSetup: [fileURLToPath(new URL('helpers/tempRoot.ts', import.meta.url))],
    projects: [
      {
        extends: true,
        test: { name: 'fast', root, include: ['**/*.test.ts'], exclude: ['**/node_modules/**', FULL, CLUSTER], isolate: false },
      },
      { extends: true, test: { name: 'full', root, include: [FULL], exclude: ['**/node_modules/**'] } },
      {
        extends: true,
        test: { name: 'cluster', root, include: [CLUSTER], exclude: ['**/node_modules/**'], testTimeout: 600_000, hookTimeout: 600_000 },
      },
    ],
  },
});
