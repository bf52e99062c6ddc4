import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { removeOnSignal } from './signalCleanup.ts';
import { writeFailure } from './writeFailure.ts';

/** A second carb run on an output another run is writing (exit 1, not a usage error: retry later). */
export class OutputLockedError extends Error {
  override readonly name = 'OutputLockedError';
}

/** The lock file of `target`: hidden, beside it (`.<name>.carb-lock`, or `.<name>.carb-lock-<part>`). */
export function lockPathFor(target: string, part?: string): string {
  const abs = resolve(target);
  return join(dirname(abs), `.${basename(abs)}.carb-lock${part ? `-${part}` : ''}`);
}

/** Locks this process holds → how many times taken (a command claims its output, then its writer locks it again). */
const held = new Map<string, number>();

const forgets = new Map<string, () => void>();

/** Gives back one taking of `lock`; the last one removes the file, if it is still ours. */
function releaser(lock: string): () => void {
  let once = false;
  return () => {
    if (once) return;
    once = true;
    const left = held.get(lock)! - 1;
    if (left > 0) {
      held.set(lock, left);
      return;
    }
    held.delete(lock);
    forgets.get(lock)?.();
    forgets.delete(lock);
    // only our own lock: a run that took over a lock it judged stale must keep it
    try {
      if (readFileSync(lock, 'utf8').trim() === `${process.pid} ${hostname()}`) rmSync(lock, { force: true });
    } catch {
      // already gone
    }
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the exclusive lock on an output (`part` narrows it, e.g. to one shard of a folder that
 * shards fill together): a file created with O_EXCL beside the target, holding
 * "<pid> <host>". A lock of a dead process on this host (SIGKILL, power loss) is taken over;
 * one held by a live process, or by another host (whose pids cannot be checked from here), is
 * refused with an OutputLockedError naming the target. Returns the release; the lock also
 * goes on SIGINT/SIGTERM/SIGHUP.
 */
export function lockOutput(target: string, part?: string): () => void {
  const lock = lockPathFor(target, part);
  const mine = held.get(lock);
  if (mine !== undefined) {
    held.set(lock, mine + 1);
    return releaser(lock);
  }
  const refused = (e: unknown) => writeFailure(target, `its lock ${basename(lock)}`, e);
  try {
    mkdirSync(dirname(lock), { recursive: true });
  } catch (e) {
    throw refused(e);
  }
  const me = `${process.pid} ${hostname()}`;
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw refused(e);
      let holder = '';
      try {
        holder = readFileSync(lock, 'utf8').trim();
      } catch {
        if (attempt === 0) continue; // released in between: try again
      }
      const [pid, host] = holder.split(' ');
      const locked = new OutputLockedError(
        `${target}: another carb run (pid ${pid || '?'} on ${host ?? '?'}) is writing it; wait for it to end, or remove ${lock} if that run is gone`,
      );
      if (attempt === 0 && host === hostname() && /^\d+$/.test(pid ?? '') && !alive(Number(pid))) {
        // left by a run that died without its handlers: moved aside by one rename, so of two runs
        // taking it over at once only one gets it, and a fresh lock moved by mistake goes back
        const aside = `${lock}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
        try {
          renameSync(lock, aside);
        } catch {
          continue;
        }
        const moved = readFileSync(aside, 'utf8').trim();
        if (moved !== holder) {
          try {
            linkSync(aside, lock);
          } catch {
            // a third run holds it now
          }
          rmSync(aside, { force: true });
          throw locked;
        }
        rmSync(aside, { force: true });
        continue;
      }
      throw locked;
    }
    writeSync(fd, `${me}\n`);
    closeSync(fd);
    forgets.set(lock, removeOnSignal(lock));
    held.set(lock, 1);
    return releaser(lock);
  }
}
