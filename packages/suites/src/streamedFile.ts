import { removeOnSignal, tempPathFor } from '@carb/io';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Bytes buffered before a write: large enough that syscalls do not dominate. */
const FLUSH_AT = 1 << 22;

/**
 * A text file written piece by piece into a temporary sibling and renamed onto its path by
 * finish(): readers see the old file or the whole new one, never a part. The temporary file
 * goes with abort(), SIGINT, SIGTERM and SIGHUP (once the event loop gets a turn).
 */
export class StreamedFile {
  private readonly tmp: string;
  private fd: number | null;
  private pending: string[] = [];
  private pendingBytes = 0;
  private readonly forget: () => void;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.tmp = tempPathFor(path);
    this.forget = removeOnSignal(this.tmp);
    this.fd = openSync(this.tmp, 'w');
  }

  write(text: string): void {
    this.pending.push(text);
    this.pendingBytes += text.length;
    if (this.pendingBytes >= FLUSH_AT) this.flush();
  }

  finish(): void {
    this.flush();
    closeSync(this.fd!);
    this.fd = null;
    renameSync(this.tmp, this.path);
    this.forget();
  }

  abort(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.tmp, { force: true });
    this.forget();
  }

  private flush(): void {
    const data = Buffer.from(this.pending.join(''), 'utf8');
    // writeSync may write less than asked
    for (let at = 0; at < data.length; ) at += writeSync(this.fd!, data, at, data.length - at);
    this.pending = [];
    this.pendingBytes = 0;
  }
}
