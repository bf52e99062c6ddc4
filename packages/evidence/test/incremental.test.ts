import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, PolicyStep } from '@carb/episodes/policy';
import { createPrefixGraph, type PrefixGraph } from '../src/index.ts';
import { testPipeline } from './helpers.ts';

/** Everything observable about a graph, as plain data. */
export function snapshot(g: PrefixGraph): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < g.size; i++) out.push({ record: g.record(i), types: g.types(i), marks: g.marks(i), edges: g.edges(i) });
  return out;
}

// Small vocabularies so that identifiers, spans, canaries and IBANs collide often.
const words = [
  'acct-5555',
  'file-2024',
  'th-8812',
  'abc',
  'CANARY-QX7R2Z',
  'GB29NWBK60161331926819',
  'dora@gmail.com',
  'Order 4471 ships Mondays',
  'n fox jumps over',
  'brown fox',
];
const fields = ['id', 'file_id', 'thread', 'account', 'body', 'recipient', 'note'];
const tools = ['read_file', 'list_items', 'create_note', 'send_email', 'send_money', 'delete_file', 'post_message', 'unknown_tool'];

const arbStep = fc.record({
  tool: fc.constantFrom(...tools),
  args: fc.array(fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...words)), { maxLength: 3 }),
  result: fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...words)).map(([f, w]) => `${f}: ${w}`),
      fc.constantFrom(...words),
      fc.constant('The quick brown fox jumps over'),
    ),
    { maxLength: 4 },
  ),
  ok: fc.boolean(),
  prov: fc.option(
    fc.record({
      branch: fc.constantFrom('b1', 'b2'),
      outputs: fc.array(fc.constantFrom('h1', 'h2', 'h3'), { maxLength: 2 }),
      inputs: fc.array(fc.constantFrom('h1', 'h2', 'h3'), { maxLength: 2 }),
    }),
    { nil: undefined },
  ),
});

type StepSpec = typeof arbStep extends fc.Arbitrary<infer T> ? T : never;

function toSteps(specs: StepSpec[]): PolicyStep[] {
  return specs.map((s, index) => {
    const args: JsonObject = {};
    for (const [f, w] of s.args) args[f] = w;
    const base = { index, tool: s.tool, args, result: s.ok ? s.result.join('\n') : '', error: s.ok ? null : 'Error', ok: s.ok };
    return s.prov === undefined ? base : { ...base, provenance: s.prov };
  });
}

describe('incremental build equals a fresh build at every decision', () => {
  it('on random step sequences', () => {
    const pipeline = testPipeline();
    fc.assert(
      fc.property(fc.array(arbStep, { minLength: 1, maxLength: 12 }), (specs) => {
        const steps = toSteps(specs);
        const live = createPrefixGraph(pipeline);
        for (let t = 0; t < steps.length; t++) {
          live.propose({ ...steps[t]!, result: '', error: null, ok: true });
          const fresh = createPrefixGraph(pipeline);
          for (let i = 0; i < t; i++) fresh.commit(steps[i]!); // commit without a proposal appends directly
          fresh.propose({ ...steps[t]!, result: '', error: null, ok: true });
          expect(snapshot(live)).toEqual(snapshot(fresh));
          live.commit(steps[t]!);
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });
  it('rejects a commit that does not match the pending proposal', () => {
    const g = createPrefixGraph(testPipeline());
    g.propose({ index: 0, tool: 'read_file', args: {}, result: '', error: null, ok: true });
    expect(() => g.commit({ index: 0, tool: 'send_email', args: {}, result: 'x', error: null, ok: true })).toThrow(
      /does not match pending proposal 0 \(read_file\)/,
    );
  });
});
