import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AdapterError, decodeDocument, episodeIssues, type DocumentFormat } from '@carb/episodes';

// Small hand-written logs of each format; mutated below.
const TAU2 = {
  info: { agent_info: { llm: 'm' }, environment_info: { domain_name: 'airline' } },
  simulations: [
    {
      id: 's1',
      task_id: '1',
      trial: 0,
      termination_reason: 'user_stop',
      reward_info: { reward: 1, db_check: { db_match: true } },
      messages: [
        { role: 'user', content: 'cancel ABC', tool_calls: null },
        {
          role: 'assistant',
          content: '',
          tool_calls: [
            { id: 'a', name: 'get_reservation_details', arguments: { reservation_id: 'ABC' } },
            { id: 'b', name: 'cancel_reservation', arguments: { reservation_id: 'ABC' } },
          ],
        },
        { role: 'tool', id: 'b', content: '{}', error: false },
        { role: 'tool', id: 'a', content: 'Error: x', error: true },
      ],
    },
  ],
};
const CHAT_MESSAGES = [
  { role: 'system', content: 'policy' },
  { role: 'user', content: [{ type: 'text', text: 'book' }] },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c', type: 'function', function: { name: 'book_reservation', arguments: '{"user_id":"u","flights":[1]}' } }],
  },
  { role: 'tool', tool_call_id: 'c', name: 'book_reservation', content: 'Error: no seats' },
];
const TAU_BENCH = [{ task_id: 0, trial: 0, reward: 0, info: { reward_info: { info: { r_actions: 0 } } }, traj: CHAT_MESSAGES }];
const CHAT = { id: 'r', taskCompleted: true, meta: { k: 1 }, messages: CHAT_MESSAGES };
const SEEDS: [unknown, DocumentFormat][] = [
  [TAU2, 'tau2'],
  [TAU2, 'json'],
  [TAU_BENCH, 'tau-bench'],
  [TAU_BENCH, 'json'],
  [CHAT, 'openai-chat'],
  [CHAT, 'json'],
];

function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string(),
  fc.constant([]),
  fc.constant({}),
  fc.constant('{"a":'),
  fc.constant({ role: 'tool' }),
);
const mutation = fc.record({ at: fc.nat(), drop: fc.boolean(), value: junk });

function mutate(doc: unknown, m: { at: number; drop: boolean; value: unknown }): unknown {
  const ps = paths(doc);
  const path = ps[m.at % ps.length]!;
  if (path.length === 0) return m.drop ? doc : m.value;
  const copy = structuredClone(doc);
  // paths() lists only paths through objects and arrays, so every step lands on one
  let cur = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const k = path[path.length - 1]!;
  if (m.drop && Array.isArray(cur)) cur.splice(k as number, 1);
  else if (m.drop) Reflect.deleteProperty(cur, k);
  else cur[k] = m.value;
  return copy;
}

describe('log adapters under mutated input', () => {
  it('throw nothing but one-line AdapterErrors; per-record problems are one line; what they accept is schema-valid', () => {
    fc.assert(
      fc.property(fc.nat(SEEDS.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }), (s, ms) => {
        const [seed, format] = SEEDS[s]!;
        let doc = seed;
        for (const m of ms) doc = mutate(doc, m);
        try {
          const text = JSON.stringify(doc) as string | undefined;
          const r = decodeDocument(text ?? 'null', 'fuzz.json', format);
          for (const ep of r.episodes) expect(episodeIssues(ep)).toEqual([]);
          for (const p of r.problems) expect(p.file === 'fuzz.json' && !p.message.includes('\n')).toBe(true);
          expect(Object.values(r.skipped).reduce((a, b) => a + b, 0)).toBe(r.problems.length);
        } catch (e) {
          if (!(e instanceof AdapterError)) throw e;
          expect(e.message.startsWith('fuzz.json')).toBe(true);
          expect(e.message).not.toContain('\n');
        }
      }),
      { numRuns: 800, seed: 20261201 },
    );
  });

  it('the unmutated seeds adapt without problems', () => {
    for (const [seed, format] of SEEDS) {
      const r = decodeDocument(JSON.stringify(seed), 'seed.json', format);
      expect(r.problems).toEqual([]);
      expect(r.episodes).toHaveLength(1);
    }
  });
});
