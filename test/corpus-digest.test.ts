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
