import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, PolicyStep } from '@carb/episodes/policy';
import { createPrefixGraph, type EdgeFilter, type PrefixGraph, type PrefixGraphBuilder } from '../src/index.ts';
import { episode, rel, step, testPipeline } from './helpers.ts';

// The prefix graph's edge filter (observable-edge dropout, App. G.2): it removes whole
// (from, to) pairs, whatever relations produced them, from proposals and executed records alike.

const pipeline = testPipeline();

/** Everything observable about a graph, as plain data. */
function snapshot(g: PrefixGraph): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < g.size; i++)
    out.push({ record: g.record(i), types: g.types(i), marks: g.marks(i), parents: g.parents(i), edges: g.edges(i) });
  return out;
}

/** `g` with the pairs `keep` rejects taken out by hand: what a filtered build must equal. */
function filteredByHand(g: PrefixGraph, keep: EdgeFilter): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < g.size; i++) {
    const edges = g.edges(i).filter((e) => keep(e.from, i));
    out.push({ record: g.record(i), types: g.types(i), marks: g.marks(i), parents: edges.map((e) => e.from), edges });
  }
  return out;
}

/** Records 0..t−1 proposed then executed, step t proposed (the gate's view at decision t). */
function graphAt(steps: readonly PolicyStep[], t: number, keepEdge?: EdgeFilter): PrefixGraphBuilder {
  const g = createPrefixGraph(pipeline, keepEdge ? { keepEdge } : {});
  for (let i = 0; i < t; i++) {
    g.propose({ ...steps[i]!, result: '', error: null, ok: true });
    g.commit(steps[i]!);
  }
  g.propose({ ...steps[t]!, result: '', error: null, ok: true });
  return g;
}

// Small vocabularies so that identifiers, spans, canaries, IBANs and threads collide often.
const words = [
  'acct-5555',
  'file-2024',
  'th-8812',
  'CANARY-QX7R2Z',
  'GB29NWBK60161331926819',
  'dora@gmail.com',
  'Order 4471 ships Mondays',
  'n fox jumps over',
];
const fields = ['id', 'file_id', 'thread', 'account', 'body', 'recipient'];
const tools = ['read_file', 'list_items', 'create_note', 'send_email', 'send_money', 'delete_file', 'post_message'];
const arbStep = fc.record({
  tool: fc.constantFrom(...tools),
  args: fc.array(fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...words)), { maxLength: 3 }),
  result: fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...words)).map(([f, w]) => `${f}: ${w}`),
      fc.constantFrom(...words),
    ),
    { maxLength: 4 },
  ),
  prov: fc.option(
    fc.record({
      branch: fc.constantFrom('b1', 'b2'),
      outputs: fc.array(fc.constantFrom('h1', 'h2'), { maxLength: 2 }),
      inputs: fc.array(fc.constantFrom('h1', 'h2'), { maxLength: 2 }),
    }),
    { nil: undefined },
  ),
});
const arbEpisode = fc.array(arbStep, { minLength: 1, maxLength: 10 }).map((specs) =>
  specs.map((s, index): PolicyStep => {
    const args: JsonObject = {};
    for (const [f, w] of s.args) args[f] = w;
    const base = { index, tool: s.tool, args, result: s.result.join('\n'), error: null, ok: true };
    return s.prov === undefined ? base : { ...base, provenance: s.prov };
  }),
);
/** A drop set over the pairs of a 10-node graph, as a filter. */
const arbFilter = fc.uniqueArray(fc.tuple(fc.nat(9), fc.nat(9)), { maxLength: 30 }).map((pairs): EdgeFilter => {
  const dropped = new Set(pairs.map(([a, b]) => `${Math.min(a, b)}>${Math.max(a, b)}`));
  return (from, to) => !dropped.has(`${from}>${to}`);
});

describe('prefix graph edge filter', () => {
  it('a filter keeping every edge builds the graph built without one', () => {
    fc.assert(
      fc.property(arbEpisode, (steps) => {
        for (let t = 0; t < steps.length; t++) expect(snapshot(graphAt(steps, t, () => true))).toEqual(snapshot(graphAt(steps, t)));
      }),
      { numRuns: 150, seed: 11 },
    );
  }, 60_000);

  it('at every decision: the unfiltered graph minus the dropped pairs, and the incremental build equals a fresh one', () => {
    let dropped = 0;
    fc.assert(
      fc.property(arbEpisode, arbFilter, (steps, keep) => {
        const live = createPrefixGraph(pipeline, { keepEdge: keep });
        for (let t = 0; t < steps.length; t++) {
          live.propose({ ...steps[t]!, result: '', error: null, ok: true });
          const plain = graphAt(steps, t);
          expect(snapshot(live)).toEqual(filteredByHand(plain, keep));
          // fresh: earlier records appended directly (no proposal first), then the proposal
          const fresh = createPrefixGraph(pipeline, { keepEdge: keep });
          for (let i = 0; i < t; i++) fresh.commit(steps[i]!);
          fresh.propose({ ...steps[t]!, result: '', error: null, ok: true });
          expect(snapshot(live)).toEqual(snapshot(fresh));
          for (let i = 0; i <= t; i++) dropped += plain.parents(i).filter((j) => !keep(j, i)).length;
          live.commit(steps[t]!);
        }
        // the executed record too: its result may add edges that the proposal had not
        const all = createPrefixGraph(pipeline);
        for (const s of steps) all.commit(s);
        expect(snapshot(live)).toEqual(filteredByHand(all, keep));
      }),
      { numRuns: 300, seed: 12 },
    );
    // the property has bite: the generated drop sets hit real edges
    expect(dropped).toBeGreaterThan(100);
  }, 60_000);

  it("an edge that appears only when the record executes (its result's identifiers) is dropped as well", () => {
    const steps = episode(step('list_items', {}, 'account: acct-5555'), step('list_items', {}, 'account: acct-5555'), step('list_items'));
    const drop01: EdgeFilter = (from, to) => !(from === 0 && to === 1);
    expect(rel(graphAt(steps, 2), 0, 1)).toEqual([2]);
    const g = graphAt(steps, 2, drop01);
    expect(g.parents(1)).toEqual([]);
    expect(g.edges(1)).toEqual([]);
    // the record is still indexed: node 2 of a later step is not affected by the (0, 1) decision
    expect(snapshot(g).slice(0, 1)).toEqual(snapshot(graphAt(steps, 2)).slice(0, 1));
  });

  // one episode per relation of App. B.2, from the relation tests; the last step links to step 0
  const iban = 'GB29NWBK60161331926819';
  const byRelation: Array<[number, PolicyStep[]]> = [
    [1, episode(step('list_items', {}, 'a', { branch: 'b-main' }), step('list_items', {}, 'c', { branch: 'b-main' }))],
    [2, episode(step('list_items', {}, "{'id': 'tx-0042'}"), step('create_note', { object: 'tx-0042' }))],
    [3, episode(step('list_items', {}, '', { outputs: ['h1'] }), step('create_note', {}, '', { inputs: ['h1'] }))],
    [4, episode(step('create_note', { text: 'keep CANARY-ZZZ999' }, 'saved'), step('send_email', { body: 'code CANARY-ZZZ999' }))],
    [5, episode(step('create_note', { text: `pay ${iban} soon` }, 'ok'), step('send_money', { recipient: iban, amount: 5 }))],
    [6, episode(step('list_items', {}, '- id_: file-2024\n  filename: notes.txt'), step('delete_file', { file_id: 'file-2024' }))],
    [7, episode(step('list_items', {}, 'thread: th-8812\nbody: hello'), step('post_message', { thread: 'th-8812', body: 'hi' }))],
    [8, episode(step('get_webpage', {}, 'Contact dora@gmail.com for info'), step('send_email', { recipients: 'dora@gmail.com' }))],
  ];
  it.each(byRelation)('relation %i: the whole (0, 1) pair goes, whatever relations it carried', (relation, steps) => {
    expect(rel(graphAt(steps, 1), 0, 1)).toContain(relation);
    const g = graphAt(steps, 1, (from, to) => !(from === 0 && to === 1));
    expect(g.parents(1)).toEqual([]);
    expect(g.edges(1)).toEqual([]);
  });
});
