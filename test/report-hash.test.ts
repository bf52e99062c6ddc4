import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PIPELINE_COMPONENTS, componentHashes, diffComponents, pipelineComponents, pipelineHash, type Pipeline } from '@carb/pipeline';
import { canonicalJson } from '@carb/io';
import { makeManifest } from '@carb/report';
import { corpusDigest, type Episode } from '@carb/episodes';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

function fixture(): Pipeline {
  const raw = JSON.parse(readFileSync(new URL('../configs/pipelines/default.json', import.meta.url), 'utf8')) as Pipeline;
  return {
    ...raw,
    toolTyping: { send_email: ['external_sink', 'message_social'], read_file: ['private_source'], send_money: ['financial'] },
  };
}

/** Same content, every object's keys in reverse insertion order. */
function reversedKeys<T>(v: T): T {
  if (Array.isArray(v)) return v.map(reversedKeys) as T;
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .reverse()
        .map(([k, x]) => [k, reversedKeys(x)]),
    ) as T;
  return v;
}

const extras = {
  splitProtocol: { rng: 'python', baseSeed: 0, count: 200, cal: 492, test: 492 },
  corpusDigest: 'c0'.repeat(32),
  carbVersion: '0.1.0',
};

describe('canonicalJson', () => {
  it('sorts keys, drops whitespace and undefined members, prints numbers as JS does', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x', undefined], c: { e: 0.5, d: -0, f: undefined }, g: 1e21, h: 0.1 + 0.2 })).toBe(
      '{"a":[true,null,"x",null],"b":1,"c":{"d":0,"e":0.5},"g":1e+21,"h":0.30000000000000004}',
    );
    expect(canonicalJson('é"\n')).toBe('"é\\"\\n"');
    expect(canonicalJson(new Int16Array([3, -1]))).toBe('[3,-1]');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/finite number, found NaN/);
    expect(() => canonicalJson({ a: 1n })).toThrow(/expected a JSON value, found bigint/);
  });
});

describe('pinned pipeline hash', () => {
  const base = pipelineComponents(fixture(), extras);

  it('hashes every component and the whole canonical object', () => {
    const hashes = componentHashes(base);
    expect(Object.keys(hashes)).toEqual([...PIPELINE_COMPONENTS]);
    expect(hashes.grid).toBe(sha('{"bottom":-1,"denominator":100}'));
    expect(hashes.corpus).toBe(sha(JSON.stringify('c0'.repeat(32))));
    expect(hashes.splits).toBe(sha('{"baseSeed":0,"cal":492,"count":200,"rng":"python","test":492}'));
    expect(pipelineHash(base)).toBe(sha(canonicalJson(base)));
  });

  it('is stable under key reordering and renaming the config', () => {
    const shuffled = pipelineComponents({ ...reversedKeys(fixture()), name: 'renamed' }, reversedKeys(extras));
    expect(pipelineHash(shuffled)).toBe(pipelineHash(base));
    expect(diffComponents({ components: componentHashes(base) }, shuffled)).toEqual([]);
  });

  it('changes when a scorer weight changes, and the diff names the scorer', () => {
    const p = fixture();
    const changed = pipelineComponents(
      { ...p, scorer: { ...p.scorer, weights: { ...p.scorer.weights, sourceReachesSink: 0.53 } } },
      extras,
    );
    expect(pipelineHash(changed)).not.toBe(pipelineHash(base));
    expect(diffComponents({ components: componentHashes(base) }, changed)).toEqual(['scorer']);
  });

  it('names each differing component: typing, corpus, selector seeds, version, and unknown recorded ones', () => {
    const p = fixture();
    const changed = pipelineComponents(
      { ...p, toolTyping: { ...p.toolTyping, get_webpage: ['read'] } },
      { ...extras, corpusDigest: 'c1'.repeat(32), selectorSeeds: [0, 1, 2], carbVersion: '0.2.0' },
    );
    const recorded = { components: { ...componentHashes(base), extraRule: 'ff' } };
    expect(diffComponents(recorded, changed)).toEqual(['toolTyping', 'splits', 'corpus', 'version', 'extraRule']);
  });

  it('builds the manifest head from the same hashes', () => {
    const m = makeManifest(fixture(), extras, { episodes: 984 }, ['calibrate', 'x']);
    expect(m.pipelineHash).toBe(pipelineHash(base));
    expect(m.components).toEqual(componentHashes(base));
    expect(m.corpus).toEqual({ episodes: 984, digest: extras.corpusDigest });
    expect(m.command).toEqual({ argv: ['calibrate', 'x'] });
  });
});

describe('corpusDigest', () => {
  const ep = (id: string, file: string, result: string): Episode => ({
    id,
    group: id,
    source: { format: 'jsonl', file, model: null, suite: null, userTask: null, injectionTask: null, attack: null },
    request: null,
    steps: [{ index: 0, tool: 't', args: {}, result, error: null, ok: true }],
    outcome: { taskCompleted: false, completedAtStep: null },
    benchmark: null,
    injections: {},
    flags: { aborted: null, textOnlyCalls: false },
    externalScores: null,
  });
  // the encoder form of one episode, written out by hand (schema key order, no source.file)
  const line = (id: string, result: string) =>
    `{"id":"${id}","group":"${id}","source":{"format":"jsonl","model":null,"suite":null,"userTask":null,"injectionTask":null,"attack":null},"request":null,` +
    `"steps":[{"index":0,"tool":"t","args":{},"result":"${result}","error":null,"ok":true}],"outcome":{"taskCompleted":false,"completedAtStep":null},` +
    `"benchmark":null,"injections":{},"flags":{"aborted":null,"textOnlyCalls":false},"externalScores":null}`;

  it('hashes the per-episode digests in id order, ignoring the file the episode came from', () => {
    const expected = sha(`${sha(line('a', 'x'))}\n${sha(line('b', 'y'))}\n`);
    expect(corpusDigest([ep('b', 'one/b.json', 'y'), ep('a', 'one/a.json', 'x')])).toBe(expected);
    expect(corpusDigest([ep('a', '../elsewhere/a.json', 'x'), ep('b', 'b.json', 'y')])).toBe(expected);
    expect(corpusDigest([ep('a', 'a.json', 'x'), ep('b', 'b.json', 'z')])).not.toBe(expected);
    expect(corpusDigest([])).toBe(sha(''));
  });
});
