import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AdapterError, adaptAgentDojo, episodeIssues, parseAgentDojo } from '@carb/episodes';

const FIX = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const SEEDS = [
  'runs/fixture-model/banking/user_task_0/important_instructions/injection_task_0.json',
  'runs/meta-llama_Fixture/slack/user_task_1/none/none.json',
  'runs/meta-llama_Fixture/workspace/user_task_2/important_instructions/injection_task_1.json',
  'runs/fixture-model/workspace/user_task_4/none/none.json',
].map((f) => readFileSync(join(FIX, f), 'utf8'));

type J = unknown;
// Every path (list of keys) to a node inside a JSON value.
function paths(v: J, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, J>)[k], [...at, k], out);
  return out;
}
type Container = Record<string | number, unknown>;
function edit(root: J, path: (string | number)[], f: (parent: Container, key: string | number) => void): J {
  const copy = structuredClone(root);
  if (path.length === 0) return copy;
  let cur: unknown = copy;
  for (const k of path.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return copy;
    cur = (cur as Container)[k];
  }
  if (cur !== null && typeof cur === 'object') f(cur as Container, path[path.length - 1]!);
  return copy;
}
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string(),
  fc.constant([]),
  fc.constant({}),
  fc.constant([{ type: 'text' }]),
  fc.constant({ role: 'tool' }),
);
const ROLES = ['system', 'user', 'assistant', 'tool', 'bogus'];

// A mutation: drop a key, replace a value by junk, set a role, shuffle messages.
const mutation = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: junk }),
  fc.record({ op: fc.constant('role' as const), at: fc.nat(), value: fc.constantFrom(...ROLES) }),
  fc.record({ op: fc.constant('shuffle' as const), seed: fc.nat() }),
);

type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'role'; at: number; value: string }
  | { op: 'shuffle'; seed: number };

function apply(doc: J, m: Mutation): J {
  const ps = paths(doc);
  if (m.op === 'shuffle') {
    return edit(doc, ['messages'], (p, k) => {
      const a: unknown = p[k];
      if (!Array.isArray(a)) return;
      const items: unknown[] = a;
      let s: number = m.seed;
      for (let i = a.length - 1; i > 0; i--) {
        s = (s * 1103515245 + 12345) % 2147483648;
        const j = s % (i + 1);
        [items[i], items[j]] = [items[j], items[i]];
      }
    });
  }
  const path = ps[m.at % ps.length]!;
  if (m.op === 'drop')
    return path.length === 0
      ? undefined
      : edit(doc, path, (p, k) => {
          if (Array.isArray(p)) p.splice(k as number, 1);
          else Reflect.deleteProperty(p, k);
        });
  if (m.op === 'role')
    return edit(doc, path, (p) => {
      if ('role' in p) p.role = m.value;
    });
  return path.length === 0
    ? m.value
    : edit(doc, path, (p, k) => {
        p[k] = m.value;
      });
}

function expectOnlyAdapterErrors(run: () => unknown): void {
  try {
    const ep = run();
    // whatever it accepts is a schema-valid episode
    expect(episodeIssues(ep)).toEqual([]);
  } catch (e) {
    if (!(e instanceof AdapterError)) throw e;
    expect(e.message.startsWith('fuzz.json')).toBe(true);
    expect(e.message).not.toContain('\n');
  }
}

describe('AgentDojo adapter under mutated input', () => {
  it('throws nothing but AdapterError and accepts only valid episodes (structural mutations)', () => {
    fc.assert(
      fc.property(fc.nat(SEEDS.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }), (s, ms) => {
        let doc: J = JSON.parse(SEEDS[s]!);
        for (const m of ms) doc = apply(doc, m);
        expectOnlyAdapterErrors(() => adaptAgentDojo(doc, 'fuzz.json'));
      }),
      { numRuns: 600, seed: 20240601 },
    );
  });

  it('throws nothing but AdapterError on truncated or corrupted text', () => {
    fc.assert(
      fc.property(fc.nat(SEEDS.length - 1), fc.nat(), fc.string({ maxLength: 3 }), (s, cut, ins) => {
        const text = SEEDS[s]!;
        const at = cut % (text.length + 1);
        expectOnlyAdapterErrors(() => parseAgentDojo(text.slice(0, at), 'fuzz.json'));
        expectOnlyAdapterErrors(() => parseAgentDojo(text.slice(0, at) + ins + text.slice(at), 'fuzz.json'));
      }),
      { numRuns: 400, seed: 7 },
    );
  });
});
