import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CorpusDigester, corpusDigest, encodeArrow, encodeCorpusJsonl, isOrdered, readCorpus, streamCorpus } from '@carb/episodes';
import { AGENTDOJO_RUNS, describeShared } from './helpers/shared.ts';

describeShared('corpus digest: one value whatever the format or reading path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'carb-digest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const runs = join(AGENTDOJO_RUNS, 'gpt-4o-2024-05-13');

  it('AgentDojo tree (adapter, built in encoder form), the same episodes hashed after ordering, its JSONL and Arrow (decoded in order), streamed or whole', async () => {
    const tree = readCorpus([runs], { format: 'auto' }).episodes;
    expect(tree.length).toBe(753);
    // the adapter builds the encoder's form itself; copies of its episodes are not marked, so they are ordered first
    expect(tree.every((e) => isOrdered(e))).toBe(true);
    const copies = tree.map((e) => structuredClone(e));
    expect(copies.some((e) => isOrdered(e))).toBe(false);
    writeFileSync(join(dir, 'c.jsonl'), encodeCorpusJsonl(tree));
    writeFileSync(join(dir, 'c.arrow'), encodeArrow(tree));
    const jsonl = readCorpus([join(dir, 'c.jsonl')], { format: 'auto' }).episodes;
    expect(jsonl.every((e) => isOrdered(e))).toBe(true);
    const expected = corpusDigest(tree);
    expect(corpusDigest(copies)).toBe(expected);
    expect(corpusDigest(jsonl)).toBe(expected);
    expect(corpusDigest(readCorpus([join(dir, 'c.arrow')], { format: 'auto' }).episodes)).toBe(expected);
    // streamed in batches and in reverse order: the digest is order-free
    const streamed = new CorpusDigester();
    for await (const batch of streamCorpus([join(dir, 'c.jsonl')], { batchSize: 100 }))
      for (const e of [...batch].reverse()) streamed.add(e);
    expect(streamed.digest()).toBe(expected);
    // and it sees content: one changed result changes it
    const changed = tree.map((e, i) =>
      i === 7 ? { ...e, steps: e.steps.map((s, t) => (t === 0 ? { ...s, result: `${s.result} ` } : s)) } : e,
    );
    expect(corpusDigest(changed)).not.toBe(expected);
  }, 120_000);
});

// The definition, written out: SHA-256 over `<episode digest hex>\n` in id order, ties by digest.
function referenceDigest(entries: ReadonlyArray<readonly [string, Buffer]>): string {
  const lines = entries
    .map(([id, hash]) => [id, hash.toString('hex')] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([, hex]) => `${hex}\n`);
  return createHash('sha256').update(lines.join('')).digest('hex');
}

it('CorpusDigester equals the written-out definition: ids in order, shuffled, repeated; more lines than one hashing block', () => {
  const n = 40_000;
  const hashOf = (k: number) => createHash('sha256').update(`episode ${k}`).digest();
  const ascending = Array.from({ length: n }, (_, k) => [`ep-${String(k).padStart(6, '0')}`, hashOf(k)] as const);
  // a fixed permutation (multiplier coprime to n), and ids repeated with different digests (ties broken by the digest)
  const shuffled = ascending.map((_, k) => ascending[(k * 7919) % n]!);
  const repeated = ascending.map(([id], k) => [id.slice(0, -1), hashOf(n + k)] as const);
  for (const entries of [ascending, shuffled, repeated, ascending.slice(0, 1), []]) {
    const d = new CorpusDigester();
    for (const [id, hash] of entries) d.addHash(id, hash);
    expect(d.digest()).toBe(referenceDigest(entries));
  }
});
