import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import {
  CorpusDigester,
  DeferredCorpus,
  MAX_LINE_BYTES,
  corpusDigest,
  eligibleForCalibration,
  encodeCorpusJsonl,
  encodeJsonl,
  readCorpus,
  type DecodedLine,
  type Episode,
} from '@carb/episodes';
import { replayFused, replayStream, type LineBatch } from '@carb/replay';
import { allSelectors } from './fusedReference.ts';
import { bundledEpisodes, defaultPipeline } from './replayCorpora.ts';
import { ROOT } from './shared.ts';

// DeferredCorpus's fixture and its replay check (deferred-corpus.test.ts and its .full variant).

const CORPORA = join(ROOT, 'corpora');
const tmp = () => mkdtempSync(join(tmpdir(), 'carb-deferred-'));

// A folder exercising every rule of a read: duplicates within and across files, a malformed line, an invalid
// episode, a .jsonl.gz, a carb-written file, a carb-written file refused whole before any episode of it
// (every record line altered: its problems are withdrawn for the one refusal), and odd lines (f.jsonl).
export function messyFolder(): string {
  const dir = tmp();
  const near = readFileSync(join(CORPORA, 'ces-near-miss.jsonl'), 'utf8');
  const braid = bundledEpisodes('graph-braid');
  writeFileSync(join(dir, 'a.jsonl'), near);
  // 1.8 MB: past the reader's 1 MiB chunks
  writeFileSync(join(dir, 'b.jsonl'), `${near}${near}not json\n{"id":"x-1","steps":3}\n\n`);
  writeFileSync(join(dir, 'c.jsonl.gz'), gzipSync(encodeJsonl(braid.slice(0, 40))));
  writeFileSync(join(dir, 'd.jsonl'), encodeCorpusJsonl(braid.slice(40, 100)));
  const header = encodeCorpusJsonl(braid.slice(100, 103)).split('\n')[0]!;
  writeFileSync(join(dir, 'e.jsonl'), `${header}\nnot json\nnor this\n`);
  // lines a reader must tell apart by their bytes: a byte order mark opening line 1, CRLF endings, blank lines
  // (spaces; a no-break space, which trim removes), a record after spaces, bytes that are not UTF-8
  const [l1, l2, l3] = encodeJsonl(braid.slice(110, 113)).trimEnd().split('\n') as [string, string, string];
  const utf8 = (text: string) => Buffer.from(text, 'utf8');
  writeFileSync(
    join(dir, 'f.jsonl'),
    Buffer.concat([utf8(`\ufeff${l1}\r\n   \n\u00a0\n  ${l2}\n`), Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]), utf8(`${l3}\r\n`)]),
  );
  return dir;
}

/**
 * The messy folder's record lines replayed by `workers` threads through replayStream (each line parsed once, in the
 * worker that replays it): the fused replay of the episodes read whole, and the same corpus digest.
 */
export async function expectLineBatchReplay(workers: number, dir = messyFolder(), episodesPerWorker = 50): Promise<void> {
  const pipeline = defaultPipeline();
  const selectors = allSelectors(pipeline);
  const whole = readCorpus([dir]).episodes.filter((e) => eligibleForCalibration(e));
  const want = replayFused(whole, pipeline, selectors);
  const corpus = DeferredCorpus.open([dir])!;
  const digester = new CorpusDigester();
  async function* batches(): AsyncGenerator<LineBatch> {
    for await (const piece of corpus.pieces()) {
      yield {
        ...(piece.lines ?? { bytes: new Uint8Array(0), lengths: [], lineNumbers: [] }),
        maxLine: MAX_LINE_BYTES,
        settle: (decoded, hashes) => {
          const kept = corpus.settle(piece, decoded);
          kept.forEach((k, i) => {
            if (k) digester.addHash(idOf(decoded, i), hashes.subarray(32 * i, 32 * i + 32));
          });
          return kept;
        },
      };
    }
  }
  const got = await replayStream(batches(), pipeline, selectors, { workers, episodesPerWorker });
  expect(got).toEqual(want);
  expect(digester.digest()).toBe(corpusDigest(whole));
}

// the id of the i-th decoded episode among a chunk's outcomes
function idOf(decoded: readonly DecodedLine[], i: number): string {
  return (decoded.filter((d) => 'head' in d)[i] as { head: Episode }).head.id;
}
