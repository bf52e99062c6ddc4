import { removeOnSignal, tempPathFor } from '@carb/io';
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { LinesDigest, corpusHeaderText } from './corpusHeader.ts';
import { episodeToJsonLine } from './jsonl.ts';
import type { Episode } from './types.ts';

const CHUNK = 4 << 20;

// writeSync may write less than asked; loop until all is out.
function writeAll(fd: number, data: Buffer): void {
  for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
}

/**
 * Writes a carb JSONL corpus episode by episode, with bounded memory, to the same
 * bytes as `encodeCorpusJsonl` of all the episodes. The header line comes first but
 * holds the digest of what follows, so the lines go to a temporary body file while
 * being hashed; `finish()` writes header + body to a second temporary file and renames
 * it onto `out` (atomic: `out` is untouched until then; `abort()`, SIGINT, SIGTERM and
 * SIGHUP leave nothing).
 */
export class JsonlCorpusWriter {
  private readonly digest = new LinesDigest();
  private readonly bodyPath: string;
  private readonly finalTmp: string;
  private fd: number | null;
  private readonly forget: Array<() => void>;

  constructor(readonly out: string) {
    mkdirSync(dirname(out), { recursive: true });
    this.bodyPath = tempPathFor(out, '.body');
    this.finalTmp = tempPathFor(out);
    this.forget = [removeOnSignal(this.bodyPath), removeOnSignal(this.finalTmp)];
    this.fd = openSync(this.bodyPath, 'w');
  }

  get episodes(): number {
    return this.digest.count;
  }

  add(episodes: readonly Episode[]): void {
    let text = '';
    for (const ep of episodes) {
      const line = episodeToJsonLine(ep);
      this.digest.add(line);
      text += `${line}\n`;
    }
    writeAll(this.fd!, Buffer.from(text, 'utf8'));
  }

  finish(): void {
    closeSync(this.fd!);
    this.fd = null;
    try {
      const out = openSync(this.finalTmp, 'w');
      const body = openSync(this.bodyPath, 'r');
      try {
        writeAll(out, Buffer.from(`${corpusHeaderText(this.digest.count, this.digest.hex())}\n`, 'utf8'));
        const buf = Buffer.allocUnsafe(CHUNK);
        for (let n = readSync(body, buf, 0, CHUNK, null); n > 0; n = readSync(body, buf, 0, CHUNK, null)) writeAll(out, buf.subarray(0, n));
      } finally {
        closeSync(body);
        closeSync(out);
      }
      renameSync(this.finalTmp, this.out);
    } finally {
      this.cleanUp();
    }
  }

  abort(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.cleanUp();
  }

  private cleanUp(): void {
    rmSync(this.bodyPath, { force: true });
    rmSync(this.finalTmp, { force: true });
    for (const f of this.forget) f();
  }
}
