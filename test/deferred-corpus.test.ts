import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  AdapterError,
  CorpusDigester,
  DeferredCorpus,
  MAX_LINE_BYTES,
  corpusDigest,
  decodeJsonlLine,
  eligibleForCalibration,
  encodeCorpusJsonl,
  encodeJsonl,
  readCorpus,
  streamCorpus,
  type DecodedLine,
  type Episode,
  type EpisodeHead,
} from '@carb/episodes';
import { replayFused, replayStream, type LineBatch } from '@carb/replay';
import { allSelectors } from './helpers/fusedReference.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';
import { ROOT } from './helpers/shared.ts';

const CORPORA = join(ROOT, 'corpora');
const tmp = () => mkdtempSync(join(tmpdir(), 'carb-deferred-'));

// A folder exercising every rule of a read: duplicates within and across files, a malformed line, an invalid
// episode, a .jsonl.gz, a carb-written file, and a carb-written file refused whole before any episode of it
// (every record line altered: its problems are withdrawn for the one refusal).
function messyFolder(): string {
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
  return dir;
}

/** Decodes a piece's lines in chunks of `chunk`, as replay workers do, settling each chunk in order. */
function decodePieces(corpus: DeferredCorpus, chunk: number): AsyncGenerator<{ heads: EpisodeHead[]; kept: boolean[] }> {
  return (async function* () {
    for await (const piece of corpus.pieces()) {
      if (!piece.lines) {
        corpus.settle(piece);
        continue;
      }
      const { lines, lineNumbers } = piece.lines;
      for (let at = 0; at < lines.length; at += chunk) {
        const decoded: DecodedLine[] = [];
        for (let i = at; i < Math.min(lines.length, at + chunk); i++) {
          const got = decodeJsonlLine(lines[i]!, lineNumbers[i]!, MAX_LINE_BYTES);
          if (got !== null) decoded.push('episode' in got ? { head: got.episode } : got);
        }
        const heads = decoded.flatMap((d) => ('head' in d ? [d.head] : []));
        yield { heads, kept: corpus.settle(piece, decoded) };
      }
    }
  })();
}

async function streamedIds(paths: string[]): Promise<{ ids: string[]; problems: unknown[]; summary: unknown }> {
  const s = streamCorpus(paths);
  const ids: string[] = [];
  for await (const b of s) for (const e of b) ids.push(e.id);
  return { ids, problems: [...s.problems], summary: s.summary() };
}

describe("DeferredCorpus: record lines decoded elsewhere, read by streamCorpus's rules", () => {
  it('the same episodes, problems and summary as streamCorpus, for any chunking of the decoding', async () => {
    const dir = messyFolder();
    const want = await streamedIds([dir]);
    // independent counts: ces-near-miss's 320 episodes in a.jsonl (repeated twice in b.jsonl), 40 + 60 graph-braid ones
    expect(want.ids).toHaveLength(320 + 40 + 60);
    for (const chunk of [1, 7, 256]) {
      const corpus = DeferredCorpus.open([dir])!;
      const ids: string[] = [];
      for await (const { heads, kept } of decodePieces(corpus, chunk))
        heads.forEach((h, k) => {
          if (kept[k]) ids.push(h.id);
        });
      expect(ids).toEqual(want.ids);
      expect(corpus.problems).toEqual(want.problems);
      expect(corpus.summary()).toEqual(want.summary);
    }
    expect((want.summary as { skipped: Record<string, number> }).skipped).toEqual({
      'duplicate-id': 640,
      'malformed-json': 1,
      'invalid-episode': 1,
      'corpus-digest': 1,
    });
  }, 60_000);

  it('a carb-written file whose header count was altered is refused mid-stream, as streamCorpus refuses it', async () => {
    const dir = tmp();
    const text = encodeCorpusJsonl(bundledEpisodes('ces-clean').slice(0, 5)).replace('"episodes":5', '"episodes":6');
    writeFileSync(join(dir, 'f.jsonl'), text);
    const thrown = async (run: () => Promise<unknown>) =>
      run().then(
        () => null,
        (e: unknown) => e,
      );
    const byStream = await thrown(() => streamedIds([dir]));
    const corpus = DeferredCorpus.open([dir])!;
    const byDeferred = await thrown(async () => {
      for await (const _piece of decodePieces(corpus, 2)) {
        /* drained: the error comes while reading */
      }
    });
    expect(byStream).toBeInstanceOf(AdapterError);
    expect(byDeferred).toBeInstanceOf(AdapterError);
    expect((byDeferred as Error).message).toBe((byStream as Error).message);
    expect((byDeferred as Error).message).toMatch(/expected 6 episodes \(corpus header\), found 5/);
  });

  it('is not offered for a corpus holding a file that is not JSONL', () => {
    expect(DeferredCorpus.open([join(CORPORA, 'ces-clean.jsonl')])).not.toBeNull();
    expect(DeferredCorpus.open([join(ROOT, 'packages/episodes/test/fixtures')])).toBeNull();
  });
});

describe('replayStream of line batches: each line parsed once, in the worker that replays it', () => {
  it('equals the fused replay of the episodes read whole, and digests the same, for 1 and 2 workers', async () => {
    const dir = messyFolder();
    const pipeline = defaultPipeline();
    const selectors = allSelectors(pipeline);
    const whole = readCorpus([dir]).episodes.filter((e) => eligibleForCalibration(e));
    const want = replayFused(whole, pipeline, selectors);
    for (const workers of [1, 2]) {
      const corpus = DeferredCorpus.open([dir])!;
      const digester = new CorpusDigester();
      async function* batches(): AsyncGenerator<LineBatch> {
        for await (const piece of corpus.pieces()) {
          yield {
            lines: piece.lines?.lines ?? [],
            lineNumbers: piece.lines?.lineNumbers ?? [],
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
      const got = await replayStream(batches(), pipeline, selectors, { workers, episodesPerWorker: 50 });
      expect(got).toEqual(want);
      expect(digester.digest()).toBe(corpusDigest(whole));
    }
  }, 120_000);
});

// the id of the i-th decoded episode among a chunk's outcomes
function idOf(decoded: readonly DecodedLine[], i: number): string {
  return (decoded.filter((d) => 'head' in d)[i] as { head: Episode }).head.id;
}
