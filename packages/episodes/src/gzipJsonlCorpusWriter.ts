import { removeOnSignal, tempPathFor } from '@carb/io';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { JsonlCorpusWriter } from './jsonlCorpusWriter.ts';
import type { Episode } from './types.ts';

/**
 * Writes a gzip-compressed carb JSONL corpus (`<file>.jsonl.gz`): inflated, it is the
 * very bytes JsonlCorpusWriter writes (integrity header first), so every reader checks
 * it as it checks a plain corpus. Level 9, no file name or time in the gzip header
 * (zlib's defaults), so the same episodes give the same bytes. Memory stays bounded: the
 * plain corpus goes to a temporary file, which is then streamed through gzip; `out`
 * appears only by rename; `abort()`, SIGINT, SIGTERM and SIGHUP leave nothing.
 */
export class GzipJsonlCorpusWriter {
  private readonly plain: JsonlCorpusWriter;
  private readonly plainPath: string;
  private readonly gzTmp: string;
  private readonly forget: Array<() => void>;

  constructor(readonly out: string) {
    this.plainPath = tempPathFor(out, '.plain.jsonl');
    this.gzTmp = tempPathFor(out, '.gz');
    this.forget = [removeOnSignal(this.plainPath), removeOnSignal(this.gzTmp)];
    this.plain = new JsonlCorpusWriter(this.plainPath);
  }

  get episodes(): number {
    return this.plain.episodes;
  }

  add(episodes: readonly Episode[]): void {
    this.plain.add(episodes);
  }

  async finish(): Promise<void> {
    try {
      this.plain.finish();
      await pipeline(createReadStream(this.plainPath), createGzip({ level: constants.Z_BEST_COMPRESSION }), createWriteStream(this.gzTmp));
      renameSync(this.gzTmp, this.out);
    } finally {
      this.cleanUp();
    }
  }

  abort(): void {
    this.plain.abort();
    this.cleanUp();
  }

  private cleanUp(): void {
    rmSync(this.plainPath, { force: true });
    rmSync(this.gzTmp, { force: true });
    for (const f of this.forget) f();
  }
}
