import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { removeOnSignal } from './signalCleanup.ts';
import { tempPathFor } from './tempPath.ts';
import { writeFailure } from './writeFailure.ts';

/** Text buffered before a write: large enough that syscalls do not dominate. */
const FLUSH_AT = 1 << 22;

// writeSync may write less than asked; loop until all is out.
function writeAll(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.length;) at += writeSync(fd, data, at, data.length - at);
}

/**
 * A hidden temporary file beside `beside` (tempPathFor's name, so removeStaleTemps knows it),
 * written piece by piece: scratch space a writer reads back before it writes its output. It is
 * removed by remove(), and on SIGINT, SIGTERM or SIGHUP (once the event loop gets a turn).
 */
export class TempFile {
  readonly path: string;
  private fd: number | null;
  private pending: string[] = [];
  private pendingLength = 0;
  private readonly forget: () => void;

  /** `shownAs`: the output a refused write names (default `beside`), when `beside` is itself a temporary. */
  constructor(
    beside: string,
    suffix = '',
    private readonly shownAs = beside,
  ) {
    this.path = tempPathFor(beside, suffix);
    this.forget = removeOnSignal(this.path);
    try {
      mkdirSync(dirname(beside), { recursive: true });
      this.fd = openSync(this.path, 'w');
    } catch (e) {
      this.forget();
      throw this.failure(e);
    }
  }

  /** Appends text (buffered) or bytes (written at once, so the caller may reuse its buffer). */
  write(data: string | Uint8Array): void {
    if (typeof data === 'string') {
      this.pending.push(data);
      this.pendingLength += data.length;
      if (this.pendingLength >= FLUSH_AT) this.flush();
    } else {
      this.flush();
      this.writeOut(data);
    }
  }

  /** Writes out what is buffered and closes the file; it stays until remove(). */
  close(): void {
    if (this.fd === null) return;
    this.flush();
    try {
      closeSync(this.fd);
    } catch (e) {
      throw this.failure(e);
    } finally {
      this.fd = null;
    }
  }

  /** Closes (without writing what is buffered) and removes the file. */
  remove(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.pending = [];
    rmSync(this.path, { force: true });
    this.forget();
  }

  /** Moves the complete file onto `target` (same folder, so one rename); it is no longer temporary. */
  protected renameTo(target: string): void {
    this.close();
    try {
      renameSync(this.path, target);
    } catch (e) {
      throw this.failure(e);
    }
    this.forget();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const text = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingLength = 0;
    this.writeOut(text);
  }

  private writeOut(data: Uint8Array): void {
    try {
      writeAll(this.fd!, data);
    } catch (e) {
      throw this.failure(e);
    }
  }

  /** A refused write as the one line naming the output this file is for (the caller removes the file). */
  private failure(e: unknown): unknown {
    return writeFailure(this.shownAs, 'it', e);
  }
}

/**
 * A file written piece by piece into a temporary sibling (a {@link TempFile}) and renamed
 * onto `path` by finish(): readers see the old file or the whole new one, never a part.
 * abort(), SIGINT, SIGTERM and SIGHUP leave `path` as it was and remove the temporary.
 * The streaming member of the atomic family (writeFileAtomic: one file written whole;
 * writeDirAtomic: a whole folder).
 */
export class StreamedFile extends TempFile {
  constructor(
    readonly target: string,
    suffix = '',
    shownAs = target,
  ) {
    super(target, suffix, shownAs);
  }

  /** Writes out the rest and renames the file into place. */
  finish(): void {
    this.renameTo(this.target);
  }

  /** Leaves `target` as it was. */
  abort(): void {
    this.remove();
  }
}
