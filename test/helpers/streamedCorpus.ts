import { join } from 'node:path';
import { expect } from 'vitest';
import { encodeJsonl, readCorpus, streamCorpus, type CorpusResult, type Episode } from '@carb/episodes';
import { ROOT } from './shared.ts';

// streamCorpus against readCorpus (stream-corpus.test.ts and its .full variant).

const CORPORA = join(ROOT, 'corpora');
const FIXTURES = join(ROOT, 'packages/episodes/test/fixtures');

/** What streamCorpus yields for `paths`: the episodes, problems and summary, and each batch's size. */
export async function streamed(paths: string[], batchSize?: number): Promise<CorpusResult & { sizes: number[] }> {
  const s = streamCorpus(paths, batchSize === undefined ? {} : { batchSize });
  const episodes: Episode[] = [];
  const sizes: number[] = [];
  for await (const b of s) {
    sizes.push(b.length);
    episodes.push(...b);
  }
  return { episodes, problems: [...s.problems], summary: s.summary(), sizes };
}

/** Stream and whole read agree on episodes (bytes, order), problems and summary. */
export async function expectSameAsReadCorpus(paths: string[], batchSize: number): Promise<CorpusResult> {
  const whole = readCorpus(paths);
  const s = await streamed(paths, batchSize);
  expect(s.episodes.length).toBe(whole.episodes.length);
  expect(encodeJsonl(s.episodes) === encodeJsonl(whole.episodes)).toBe(true);
  expect(s.problems).toEqual(whole.problems);
  expect(s.summary).toEqual(whole.summary);
  // every batch but the last is full
  expect(s.sizes.slice(0, -1).every((n) => n === batchSize)).toBe(true);
  return whole;
}

/**
 * The bundled corpora (constructed suites, the bundled AgentDojo run, their .meta.json files), the adapters' fixtures
 * (problems, duplicates) and ces-clean twice, streamed by batches of `batchSize`: the same as readCorpus, with counts
 * found independently.
 */
export async function expectBundledSameAsReadCorpus(batchSize: number): Promise<void> {
  // the constructed suites, the bundled AgentDojo run and the suites' .meta.json files, named one by one:
  // corpora/ also holds other projects' data (audit items, the own-logs example) this count is not about
  const bundled = ['ces-clean', 'ces-near-miss', 'graph-braid']
    .flatMap((s) => [`${s}.jsonl`, `${s}.meta.json`])
    .concat('agentdojo-gpt-4o-2024-05-13.jsonl.gz');
  const paths = [...bundled.map((f) => join(CORPORA, f)), FIXTURES, join(CORPORA, 'ces-clean.jsonl')];
  const r = await expectSameAsReadCorpus(paths, batchSize);
  // counted with a script over the files: 2,320 distinct ids in the constructed corpora/ (ces-clean's 160
  // recur in ces-near-miss), 753 in the bundled AgentDojo .jsonl.gz, 6 fixture episodes (5 under runs/, 1 in
  // single/), 3 OpenAI chat records (openai-chat/: 2 in support.jsonl, 1 good line of malformed.jsonl);
  // the repeated file adds 160 duplicates
  expect(r.summary.episodes).toBe(2320 + 753 + 6 + 3);
  expect(r.summary.skipped['duplicate-id']).toBe(160 + 160);
  // the 4 bad AgentDojo fixtures, the 4 bad lines of openai-chat/malformed.jsonl, and 4 JSON files of no
  // log format: the 3 .meta.json files of corpora/ and unrecognized/not-a-log.json
  expect(r.summary.skipped).toEqual({
    'duplicate-id': 320,
    'malformed-json': 1 + 1,
    'missing-key': 1 + 1,
    'unpaired-result': 1 + 1,
    'wrong-type': 1,
    'malformed-arguments': 1,
    'unrecognized-format': 3 + 1,
  });
}
