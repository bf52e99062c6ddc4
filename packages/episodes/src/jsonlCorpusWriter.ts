import { StreamedFile, TempFile } from '@carb/io';
import { closeSync, openSync, readSync } from 'node:fs';
import { LinesDigest, corpusHeaderText } from './corpusHeader.ts';
import { episodeToJsonLine } from './jsonl.ts';
import type { Episode } from './types.ts';

const CHUNK = 4 << 20;

/**
 * Writes a carb JSONL corpus episode by episode, with bounded memory, to the same
 * bytes as `encodeCorpusJsonl` of all the episodes. The header line comes first but
 * holds the digest of what follows, so the lines go to a temporary body file while
 * being hashed; `finish()` streams header + body into `out` (a StreamedFile: `out` is
 * untouched until its rename; `abort()`, SIGINT, SIGTERM and SIGHUP leave nothing).
 */
export class JsonlCorpusWriter {
  private readonly digest = new LinesDigest();
  private readonly body: TempFile;

  /** `shownAs`: the output a refused write names (default `out`), when `out` is itself a temporary. */
  constructor(
    readonly out: string,
    private readonly shownAs = out,
  ) {
    this.body = new TempFile(out, '.body', shownAs);
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
    this.body.write(text);
  }

  finish(): void {
    try {
      this.body.close();
      const file = new StreamedFile(this.out, '', this.shownAs);
      try {
        file.write(`${corpusHeaderText(this.digest.count, this.digest.hex())}\n`);
        const body = openSync(this.body.path, 'r');
        try {
          const buf = Buffer.allocUnsafe(CHUNK);
          for (let n = readSync(body, buf, 0, CHUNK, null); n > 0; n = readSync(body, buf, 0, CHUNK, null)) file.write(buf.subarray(0, n));
        } finally {
          closeSync(body);
        }
        file.finish();
      } catch (e) {
        file.abort();
        throw e;
      }
    } finally {
      this.body.remove();
    }
  }

  abort(): void {
    this.body.remove();
  }
}
