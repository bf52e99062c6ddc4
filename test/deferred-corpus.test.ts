import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AdapterError,
  DeferredCorpus,
  MAX_LINE_BYTES,
  decodeJsonlLine,
  encodeCorpusJsonl,
  recordLineTexts,
  streamCorpus,
  type DecodedLine,
  type EpisodeHead,
} from '@carb/episodes';
import { expectLineBatchReplay, messyFolder } from './helpers/deferredCorpus.ts';
import { bundledEpisodes } from './helpers/replayCorpora.ts';
import { ROOT } from './helpers/shared.ts';

const CORPORA = join(ROOT, 'corpora');
const tmp = () => mkdtempSync(join(tmpdir(), 'carb-deferred-'));

/** Decodes a piece's lines in chunks of `chunk`, as replay workers do, settling each chunk in order. */
function decodePieces(corpus: DeferredCorpus, chunk: number): AsyncGenerator<{ heads: EpisodeHead[]; kept: boolean[] }> {
  return (async function* () {
    for await (const piece of corpus.pieces()) {
      if (!piece.lines) {
        corpus.settle(piece);
        continue;
      }
      const lines = recordLineTexts(piece.lines);
      const { lineNumbers } = piece.lines;
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
    // independent counts: ces-near-miss's 320 episodes in a.jsonl (repeated twice in b.jsonl), 40 + 60 graph-braid ones,
    // and f.jsonl's 3 among its blank and odd lines
    expect(want.ids).toHaveLength(320 + 40 + 60 + 3);
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
      'invalid-utf8': 1,
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
  // for 1 worker as well: deferred-corpus.full.test.ts
  it('equals the fused replay of the episodes read whole, and digests the same, for 2 workers', () => expectLineBatchReplay(2), 120_000);

  it('the same when the read-ahead holds several pieces of one file (the reader reuses its bytes)', async () => {
    // graph-braid's first 1,000 lines are ~4.8 MB: 5 pieces of 1 MiB; the threads start once 700 episodes are read
    const dir = tmp();
    const lines = readFileSync(join(CORPORA, 'graph-braid.jsonl'), 'utf8').split('\n').slice(0, 1000);
    writeFileSync(join(dir, 'gb.jsonl'), `${lines.join('\n')}\n`);
    await expectLineBatchReplay(2, dir, 700);
  }, 120_000);
});
