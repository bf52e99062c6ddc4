import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import {
  AdapterError,
  encodeArrow,
  encodeCorpusJsonl,
  encodeJsonl,
  formatProblem,
  labelsPathFor,
  readCorpus,
  streamCorpus,
} from '@carb/episodes';
import { multiBatchArrow } from '../packages/episodes/test/multiBatchArrow.ts';
import { AGENTDOJO_RUNS, ROOT, describeShared } from './helpers/shared.ts';
import { expectBundledSameAsReadCorpus, expectSameAsReadCorpus, streamed } from './helpers/streamedCorpus.ts';

const CORPORA = join(ROOT, 'corpora');
const FIXTURES = join(ROOT, 'packages/episodes/test/fixtures');
const tmp = () => mkdtempSync(join(tmpdir(), 'carb-stream-'));

describe('streamCorpus yields what readCorpus returns', () => {
  // batch sizes 1 and 1024 on the same files are in stream-corpus.full.test.ts
  it('bundled corpora with fixtures (problems, duplicates), batch size 7', () => expectBundledSameAsReadCorpus(7), 60_000);
});

describe('problem order within a file read in several chunks', () => {
  it('record problems, then duplicate ids, as readCorpus lists them', async () => {
    const dir = tmp();
    const near = readFileSync(join(CORPORA, 'ces-near-miss.jsonl'), 'utf8');
    writeFileSync(join(dir, 'a.jsonl'), near);
    // 1.8 MB: past the stream's 1 MiB chunks
    writeFileSync(join(dir, 'b.jsonl'), `${near}${near}not json\n`);
    const r = await expectSameAsReadCorpus([dir], 100);
    expect(r.summary.episodes).toBe(320);
    // every byte read once, through the one reused chunk buffer
    expect(r.summary.bytes).toBe(3 * Buffer.byteLength(near) + 'not json\n'.length);
    expect(r.problems).toHaveLength(1 + 640);
    expect(formatProblem(r.problems[0]!)).toMatch(/b\.jsonl: line 641: malformed JSON/);
    expect(r.problems.slice(1).every((p) => p.message.startsWith('expected a unique episode id'))).toBe(true);
  }, 60_000);
});

describeShared('streamCorpus on the shared AgentDojo runs', () => {
  it('2,587 episodes in readCorpus order, by batches of 256', async () => {
    const r = await expectSameAsReadCorpus([AGENTDOJO_RUNS], 256);
    expect(r.summary).toMatchObject({ files: 2587, episodes: 2587, skipped: {} });
  }, 120_000);
});

describe('.gz corpora', { timeout: 60_000 }, () => {
  const graph = join(CORPORA, 'ces-near-miss.jsonl');

  it('a .jsonl.gz (plain, and carb-written) reads as the .jsonl does, by both readers', async () => {
    const dir = tmp();
    const episodes = readCorpus([graph]).episodes;
    expect(episodes).toHaveLength(320);
    writeFileSync(join(dir, 'plain.jsonl.gz'), gzipSync(readFileSync(graph)));
    writeFileSync(join(dir, 'carb.jsonl.gz'), gzipSync(encodeCorpusJsonl(episodes)));
    for (const f of ['plain.jsonl.gz', 'carb.jsonl.gz']) {
      const r = readCorpus([join(dir, f)]);
      expect(r.problems).toEqual([]);
      expect(encodeJsonl(r.episodes) === readFileSync(graph, 'utf8')).toBe(true);
      const s = await streamed([join(dir, f)], 500);
      expect(s.problems).toEqual([]);
      expect(encodeJsonl(s.episodes) === readFileSync(graph, 'utf8')).toBe(true);
    }
    // found in a directory walk too, and counted as stored (compressed) bytes
    const all = readCorpus([dir]);
    expect(all.summary.files).toBe(2);
    expect(all.summary.skipped).toEqual({ 'duplicate-id': 320 });
    expect(all.summary.bytes).toBeLessThan(readFileSync(graph).length);
  });

  it('labels of a compressed corpus are looked for uncompressed beside it', () => {
    expect(labelsPathFor('a/c.jsonl.gz')).toBe('a/c.labels.jsonl');
    expect(labelsPathFor('a/c.arrow.gz')).toBe('a/c.labels.jsonl');
    expect(labelsPathFor('a/c.labels.jsonl.gz')).toBeNull();
    expect(labelsPathFor('a/c.json.gz')).toBeNull();
  });

  it('.json.gz and .arrow.gz are read too', async () => {
    const dir = tmp();
    const run = readFileSync(join(FIXTURES, 'single/run.json'));
    writeFileSync(join(dir, 'run.json.gz'), gzipSync(run));
    const ces = readCorpus([join(CORPORA, 'ces-clean.jsonl')]).episodes;
    writeFileSync(join(dir, 'c.arrow.gz'), gzipSync(encodeArrow(ces)));
    const r = await expectSameAsReadCorpus([dir], 64);
    expect(r.problems).toEqual([]);
    expect(r.episodes).toHaveLength(161);
  });

  it('a damaged .gz is one clear line naming the file, by both readers', async () => {
    const dir = tmp();
    const notGz = join(dir, 'a.jsonl.gz');
    writeFileSync(notGz, readFileSync(join(CORPORA, 'ces-clean.jsonl')).subarray(0, 5000));
    const line = `${notGz}: expected gzip-compressed data, found bytes that do not decompress (incorrect header check)`;
    expect(readCorpus([notGz]).problems.map(formatProblem)).toEqual([line]);
    const s = await streamed([notGz]);
    expect(s.problems.map(formatProblem)).toEqual([line]);
    expect(s.summary.skipped).toEqual({ 'malformed-gzip': 1 });

    // cut short: readCorpus refuses the file; the stream, having passed episodes on, refuses the corpus
    const cut = join(dir, 'b.jsonl.gz');
    const gz = gzipSync(readFileSync(join(CORPORA, 'graph-braid.jsonl')));
    writeFileSync(cut, gz.subarray(0, gz.length >> 1));
    const short = `${cut}: expected gzip-compressed data, found bytes that do not decompress (unexpected end of file)`;
    expect(readCorpus([cut]).problems.map(formatProblem)).toEqual([short]);
    const stream = streamCorpus([cut], { batchSize: 10 });
    let seen = 0;
    await expect(
      (async () => {
        for await (const b of stream) seen += b.length;
      })(),
    ).rejects.toThrow(AdapterError);
    expect(seen).toBeGreaterThan(0);
    expect(stream.problems.map(formatProblem)).toEqual([short]);
  });
});

describe('Arrow by record batches', { timeout: 60_000 }, () => {
  it('a multi-batch file reads as the single-batch file, by both readers; the whole-file digest is checked first', async () => {
    const dir = tmp();
    const episodes = readCorpus([join(CORPORA, 'ces-near-miss.jsonl')]).episodes;
    const one = encodeArrow(episodes);
    const multi = multiBatchArrow(one, 50);
    expect(tableFromIPC(one).batches).toHaveLength(1);
    expect(tableFromIPC(multi).batches).toHaveLength(7);
    writeFileSync(join(dir, 'one.arrow'), one);
    writeFileSync(join(dir, 'multi.arrow'), multi);
    const text = encodeJsonl(episodes);
    for (const f of ['one.arrow', 'multi.arrow']) {
      const s = await streamed([join(dir, f)], 128);
      expect(s.problems).toEqual([]);
      expect(encodeJsonl(s.episodes) === text).toBe(true);
      expect(encodeJsonl(readCorpus([join(dir, f)]).episodes) === text).toBe(true);
    }
    // one byte changed near the end: refused before any episode goes out, as readCorpus does
    const bad = Buffer.from(multi);
    bad[bad.length - 200] = bad[bad.length - 200]! ^ 1;
    writeFileSync(join(dir, 'multi.arrow'), bad);
    const s = await streamed([join(dir, 'multi.arrow')]);
    expect(s.episodes).toEqual([]);
    expect(s.problems).toEqual(readCorpus([join(dir, 'multi.arrow')]).problems);
    expect(s.problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        /: corpus digest: expected sha256 [0-9a-f]{64} of the file bytes, found [0-9a-f]{64} \(file altered after carb wrote it\)$/,
      ),
    ]);
  });
});

describe('a carb-written JSONL that fails its digest', { timeout: 60_000 }, () => {
  it('readCorpus skips the file; the stream, its episodes already out, throws and refuses the corpus', async () => {
    const dir = tmp();
    const file = join(dir, 'c.jsonl');
    const episodes = readCorpus([join(CORPORA, 'ces-clean.jsonl')]).episodes;
    writeFileSync(file, encodeCorpusJsonl(episodes).replace('"taskCompleted":true', '"taskCompleted":false'));
    copyFileSync(join(CORPORA, 'ces-near-miss.jsonl'), join(dir, 'd.jsonl'));
    const whole = readCorpus([dir]);
    expect(whole.summary.episodes).toBe(320);
    expect(whole.problems.map(formatProblem)).toEqual([expect.stringMatching(/c\.jsonl: corpus digest: expected sha256 /)]);
    const stream = streamCorpus([dir], { batchSize: 50 });
    const err = await (async () => {
      try {
        for await (const _ of stream) {
          /* consume */
        }
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(AdapterError);
    expect((err as AdapterError).detail).toMatch(/160 episode\(s\) of this file were already streamed: the corpus is refused$/);
    expect(stream.problems).toEqual(whole.problems);
  });
});
