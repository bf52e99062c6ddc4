import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Set while a run's temporary directory is in place (every project of the config runs this setup). */
const MARK = 'CARB_TEST_TMPDIR';

/**
 * Vitest globalSetup: the run's temporary files go under one directory (TMPDIR, which os.tmpdir() reads in the
 * test workers and in every carb process a test spawns), removed when the run ends, whatever each test left:
 * two dozen test files made temporary directories they never removed, ~40 a run, and a user's /tmp kept them.
 */
export default function setup(): () => void {
  if (process.env[MARK] !== undefined) return () => {};
  const root = mkdtempSync(join(tmpdir(), 'carb-test-run-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  process.env[MARK] = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    delete process.env.CARB_TEST_TMPDIR;
    rmSync(root, { recursive: true, force: true });
  };
}
