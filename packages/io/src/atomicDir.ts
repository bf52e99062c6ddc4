import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { removeOnSignal, type CaughtSignal } from './signalCleanup.ts';
import { writeFailure } from './writeFailure.ts';

/** Relative path (with "/" for subfolders) → file content; async when some content is still being made (a PNG rendering). */
export type DirEntries = Iterable<readonly [string, string | Uint8Array]> | AsyncIterable<readonly [string, string | Uint8Array]>;

/** Options of {@link writeDirAtomic}. */
export interface WriteDirOptions {
  /**
   * Whether an existing, non-empty target may be replaced (default: always). The whole
   * folder is swapped out, so callers refuse folders they did not write.
   */
  replaceable?: (target: string) => boolean;
}

const stagingName = (base: string, pid: number) => `.${base}.carb-staging-${pid}`;
const previousName = (base: string, pid: number) => `.${base}.carb-previous-${pid}`;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Leftovers of a run that died without its signal handlers (SIGKILL, power loss): its
 * staging folder is removed; its set-aside previous folder is put back when the target
 * is missing (the run died between the two renames of the swap), else removed.
 * Folders of a run that is still alive are left alone.
 */
function sweepStale(parent: string, base: string, target: string): void {
  if (!existsSync(parent)) return;
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^\\.${escaped}\\.carb-(staging|previous)-(\\d+)$`);
  for (const name of readdirSync(parent)) {
    const m = pattern.exec(name);
    if (!m || alive(Number(m[2]))) continue;
    const path = join(parent, name);
    if (m[1] === 'previous' && !existsSync(target)) renameSync(path, target);
    else rmSync(path, { recursive: true, force: true });
  }
}

/**
 * Writes a whole folder so that readers see either the previous folder or the complete
 * new one, never a mix: every file goes into a hidden staging folder beside `target`
 * (`.<name>.carb-staging-<pid>`, same parent, so the swap is a rename on one file
 * system), and only when all are written is the old folder renamed aside and the
 * staging folder renamed into place. SIGINT, SIGTERM or SIGHUP before the swap removes
 * the staging folder, leaves `target` as it was and re-raises the signal; the returned
 * promise rejects when the signal does not end the process. A staging folder left by a
 * SIGKILLed run is removed by the next write to the same target. `entries` is iterated
 * lazily, so content can be produced while writing (awaited, when they are async: the files
 * ready are written while the rest is made); the event loop gets a turn after every file so
 * that signals are seen.
 */
export async function writeDirAtomic(target: string, entries: DirEntries, opts: WriteDirOptions = {}): Promise<void> {
  const abs = resolve(target);
  const parent = dirname(abs);
  const base = basename(abs);
  mkdirSync(parent, { recursive: true });
  sweepStale(parent, base, abs);
  if (existsSync(abs)) {
    if (!statSync(abs).isDirectory()) throw new Error(`${target}: expected a folder to write into, found a file`);
    if (readdirSync(abs).length > 0 && opts.replaceable && !opts.replaceable(abs)) {
      throw new Error(`${target}: refusing to replace a non-empty folder this writer did not produce; choose a new or empty folder`);
    }
  }
  const staging = join(parent, stagingName(base, process.pid));
  rmSync(staging, { recursive: true, force: true });
  // an object, not a variable: the signal handler sets it between the loop's turns
  const interrupted: { by: CaughtSignal | null } = { by: null };
  // the process's one signal handler (signalCleanup) removes the staging folder and stops the loop
  const forget = removeOnSignal(staging, (sig) => {
    interrupted.by ??= sig;
  });
  try {
    mkdirSync(staging);
    for await (const [rel, data] of entries) {
      if (interrupted.by !== null) break;
      const file = join(staging, rel);
      if (!file.startsWith(staging + '/')) throw new Error(`${target}: "${rel}" is not a path inside the folder`);
      try {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, data);
      } catch (e) {
        throw writeFailure(target, rel, e);
      }
      await new Promise((r) => setImmediate(r));
    }
    if (interrupted.by !== null) throw new Error(`interrupted by ${interrupted.by}: ${target} left as it was`);
    const previous = join(parent, previousName(base, process.pid));
    const hadTarget = existsSync(abs);
    if (hadTarget) renameSync(abs, previous);
    try {
      renameSync(staging, abs);
    } catch (e) {
      if (hadTarget) renameSync(previous, abs);
      throw e;
    }
    if (hadTarget) rmSync(previous, { recursive: true, force: true });
  } finally {
    forget();
    rmSync(staging, { recursive: true, force: true });
  }
}
