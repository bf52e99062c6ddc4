import { StreamedFile, TempFile } from '@carb/io';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { JsonlCorpusWriter } from './jsonlCorpusWriter.ts';
import type { Episode } from './types.ts';

/**
 * Writes a gzip-compressed carb JSONL corpus (`<file>.jsonl.gz`): inflated, it is the
 * very bytes JsonlCorpusWriter writes (integrity header first), so every reader checks
 * it as it checks a plain corpus. Level 9, no file name or time in the gzip header
 * (zlib's defaults), so the same episodes give the same bytes. Memory stays bounded: the
 * plain corpus goes to a temporary file, which is then streamed through gzip into `out`
 * (a StreamedFile: `out` appears only by rename); `abort()`, SIGINT, SIGTERM and SIGHUP
 * leave nothing.
 */
export class GzipJsonlCorpusWriter {
  private readonly plainFile: TempFile;
  private readonly plain: JsonlCorpusWriter;

  constructor(readonly out: string) {
    // the plain corpus is renamed onto this temporary's name; removing it removes the corpus
    this.plainFile = new TempFile(out, '.plain.jsonl');
    this.plainFile.close();
    this.plain = new JsonlCorpusWriter(this.plainFile.path, out);
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
      const gz = new StreamedFile(this.out, '.gz');
      try {
        await pipeline(
          createReadStream(this.plainFile.path),
          createGzip({ level: constants.Z_BEST_COMPRESSION }),
          async (chunks: AsyncIterable<Buffer>) => {
            for await (const chunk of chunks) gz.write(chunk);
          },
        );
        gz.finish();
      } catch (e) {
        gz.abort();
        throw e;
      }
    } finally {
      this.plainFile.remove();
    }
  }

  abort(): void {
    this.plain.abort();
    this.plainFile.remove();
  }
}
