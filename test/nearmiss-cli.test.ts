import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT, SHARED, describeShared } from './helpers/shared.ts';
import { tau2Results, tau2Simulation } from './helpers/tau2Doc.ts';

const TAU2 = resolve(SHARED, 'corpora/tau2-airline');
const TRAJ = join(TAU2, 'trajectories');
const FILES = [
  'leaderboard-pr/claude-sonnet-4-5_aide_airline_50sims.json',
  'sierra-official/ft-gpt-4.1-tau2-sft_airline_test20.json',
  'sierra-official/gpt-4.1_airline_test20.json',
  'sierra-official/qwen2.5-7b_airline_50sims.json',
].map((f) => join(TRAJ, f));
const GUARDS = join(ROOT, 'configs/guards/tau2-airline.json');

afterEach(() => {
  process.exitCode = 0;
});

const tmp = () => mkdtempSync(join(tmpdir(), 'carb-nearmiss-'));

describeShared('carb nearmiss on the shared tau2 airline trajectories', () => {
  it('per agent: trajectories, with an executed mutating call, of those correct; near-misses as read by hand', async () => {
    const out = join(tmp(), 'r');
    const r = await runCli(['nearmiss', ...FILES, '--guards', GUARDS, '--out', out, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as {
      agent: string;
      trajectories: number;
      withMutation: number;
      correct: number;
      nearMissCorrect: number;
      rateCorrect: number | null;
    }[];
    // Counted with python over the raw JSON: simulations; those with an assistant tool call of one of the six
    // WRITE tools whose tool message has error false; and of those, reward_info.db_check.db_match true:
    //   sonnet 50/24/16, ft-gpt-4.1 20/14/9, gpt-4.1 20/14/6, qwen 50/26/0 (qwen: 31 with any write call, 5 only failed ones).
    expect(rows.map((x) => [x.agent, x.trajectories, x.withMutation, x.correct])).toEqual([
      ['claude-sonnet-4-5', 50, 24, 16],
      ['ft:gpt-4.1-2025-04-14:sierra:tau2-full-sft:BzrYdMNm', 20, 14, 9],
      ['gpt-4.1', 20, 14, 6],
      ['ollama_chat/qwen2.5:7b', 50, 26, 0],
    ]);
    // near-misses among correct final states, each read by hand (see the closing note of issue 12):
    // sonnet tasks 19, 42 (cancellations, flight status never read); ft tasks 19, 37 (cancellations), 30 (flight change
    // paid with a card never checked in the profile); gpt-4.1 tasks 19 (cancellation), 29, 30 (payment/profile never read)
    const flagged = readFileSync(join(out, 'flagged.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { episode: string; correct: boolean });
    expect(
      flagged
        .filter((t) => t.correct)
        .map((t) => t.episode)
        .sort(),
    ).toEqual([
      'claude-sonnet-4-5_aide_airline_50sims/19/0',
      'claude-sonnet-4-5_aide_airline_50sims/42/0',
      'ft-gpt-4.1-tau2-sft_airline_test20/19/0',
      'ft-gpt-4.1-tau2-sft_airline_test20/30/0',
      'ft-gpt-4.1-tau2-sft_airline_test20/37/0',
      'gpt-4.1_airline_test20/19/0',
      'gpt-4.1_airline_test20/29/0',
      'gpt-4.1_airline_test20/30/0',
    ]);
    expect(rows.map((x) => [x.nearMissCorrect, x.rateCorrect])).toEqual([
      [2, 2 / 16],
      [3, 3 / 9],
      [3, 3 / 6],
      [0, null],
    ]);
    expect(readdirSync(out).sort()).toEqual([
      '.carb-output.json',
      'by-mutating-tool.png',
      'by-mutating-tool.svg',
      'by-skipped-tool.png',
      'by-skipped-tool.svg',
      'flagged.jsonl',
      'index.html',
      'nearmiss.json',
    ]);
    const report = JSON.parse(readFileSync(join(out, 'nearmiss.json'), 'utf8')) as {
      agents: { agent: string; ciCorrect: { low: number; high: number } }[];
    };
    // Wilson 95% for 2/16: 0.0350–0.3602 (score interval, z = 1.95996)
    expect(report.agents[0]!.ciCorrect.low).toBeCloseTo(0.035, 4);
    expect(report.agents[0]!.ciCorrect.high).toBeCloseTo(0.3602, 4);
  }, 120_000);

  it('the same inputs give byte-identical reports', async () => {
    const [a, b] = [join(tmp(), 'a'), join(tmp(), 'b')];
    for (const out of [a, b]) expect((await runCli(['nearmiss', FILES[2]!, '--guards', GUARDS, '--out', out])).code).toBe(0);
    for (const f of readdirSync(a)) expect(readFileSync(join(b, f)), f).toEqual(readFileSync(join(a, f)));
  }, 120_000);

  it('every check of the airline guard spec quotes a line of policy.md verbatim', () => {
    const policy = readFileSync(join(TAU2, 'policy.md'), 'utf8')
      .split('\n')
      .map((l) => l.replace(/^\s*-\s*/, '').trim());
    const spec = JSON.parse(readFileSync(GUARDS, 'utf8')) as { guards: Record<string, { checks: { why: string }[] }> };
    for (const g of Object.values(spec.guards)) for (const c of g.checks) expect(policy, c.why).toContain(c.why);
  });
});

/** A small tau2 Results document: a cancellation checked only by the details read, and a passenger update. */
function tau2Doc(): Record<string, unknown> {
  const rsv = { reservation_id: 'ABC123', user_id: 'u_1', cabin: 'economy', flights: [{ flight_number: 'HAT001', date: '2024-05-20' }] };
  return tau2Results([
    tau2Simulation(
      's1',
      '1',
      [
        ['get_reservation_details', { reservation_id: 'ABC123' }, rsv],
        ['cancel_reservation', { reservation_id: 'ABC123' }, rsv],
      ],
      true,
    ),
    tau2Simulation('s2', '2', [['update_reservation_passengers', { reservation_id: 'ABC123', passengers: [] }, rsv]], false),
  ]);
}

describe('carb nearmiss on hand-written and damaged input', () => {
  it('a hand-written tau2 file: one near-miss (status of HAT001 never read) and one flagged incorrect run', async () => {
    const dir = tmp();
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(tau2Doc()));
    // --include-content: the flight and date the needed status call would have named are argument values (left out by default)
    const r = await runCli(['nearmiss', file, '--guards', GUARDS, '--out', join(dir, 'r'), '--json', '--include-content']);
    expect(r.code).toBe(0);
    // 1 of 1 either way; Wilson 95% for 1/1 is [1/(1+z²), 1] with z = 1.959964: [0.206549, 1]. The substantive
    // reading changes nothing here (economy, no created_at: no other cancellation ground is read).
    const one = { low: expect.closeTo(1 / (1 + 1.959963984540054 ** 2), 12) as unknown as number, high: 1 };
    const fig = { nearMissCorrect: 1, rateCorrect: 1, ciCorrect: one, flaggedIncorrect: 1, rateIncorrect: 1, ciIncorrect: one };
    const rows = JSON.parse(r.out) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        agent: 'agent-x',
        trajectories: 2,
        withMutation: 2,
        correct: 1,
        incorrect: 1,
        ...fig,
        readings: { literal: fig, substantive: fig },
      },
    ]);
    expect((rows[0]!.ciCorrect as { low: number }).low).toBeCloseTo(0.206549, 6);
    const flagged = readFileSync(join(dir, 'r/flagged.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { failures: unknown[] });
    expect(flagged[0]!.failures[0]).toMatchObject({
      step: 1,
      tool: 'cancel_reservation',
      check: 'flight_status',
      needed: [
        { tool: 'get_flight_status', args: { flight_number: 'HAT001', date: '2024-05-20' } },
        { tool: 'search_direct_flight' },
        { tool: 'search_onestop_flight' },
      ],
    });
  }, 120_000);

  it('usage errors stop before any work: exit 2, the flag named, nothing written', async () => {
    const dir = tmp();
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(tau2Doc()));
    const missing = await runCli(['nearmiss', file, '--out', join(dir, 'a')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--guards');
    expect(existsSync(join(dir, 'a'))).toBe(false);
    const notJson = await runCli(['nearmiss', file, '--guards', 'guards.yaml', '--out', join(dir, 'b')]);
    expect(notJson.code).toBe(2);
    expect(notJson.errLines).toEqual(['carb: --guards: expected a file name ending in .json, found guards.yaml']);
    mkdirSync(join(dir, 'other'));
    writeFileSync(join(dir, 'other/keep.txt'), 'x');
    const other = await runCli(['nearmiss', file, '--guards', GUARDS, '--out', join(dir, 'other')]);
    expect(other.code).toBe(2);
    expect(other.errLines).toEqual([
      `carb: --out: ${join(dir, 'other')} is a non-empty folder carb did not write (no .carb-output.json); carb replaces only folders it wrote, so choose a new or empty one`,
    ]);
    expect(readdirSync(join(dir, 'other'))).toEqual(['keep.txt']);
  }, 120_000);

  it('a broken guard spec: one line naming the file, the pointer and what was expected; nothing written', async () => {
    const dir = tmp();
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(tau2Doc()));
    const spec = join(dir, 'g.json');
    writeFileSync(
      spec,
      JSON.stringify({ domain: 'd', guards: { cancel_reservation: { checks: [{ name: 'x', why: 'w', needs: { tool: 7 } }] } } }),
    );
    const r = await runCli(['nearmiss', file, '--guards', spec, '--out', join(dir, 'r')]);
    expect(r.code).toBe(1);
    expect(r.errLines).toEqual([`carb: ${spec}: /guards/cancel_reservation/checks/0/needs/tool: expected a string, found number 7`]);
    expect(existsSync(join(dir, 'r'))).toBe(false);
  }, 120_000);

  it('a malformed simulation is one problem line (file, simulation, what was expected), counted; the others are audited', async () => {
    const dir = tmp();
    const doc = tau2Doc();
    (doc.simulations as Record<string, unknown>[])[1]!.messages = 'oops';
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(doc));
    const r = await runCli(['nearmiss', file, '--guards', GUARDS, '--out', join(dir, 'r')]);
    expect(r.code).toBe(0);
    expect(r.errLines).toEqual([`${file}: /simulations/1/messages: expected an array, found string`]);
    expect(r.out).toContain('problems: 1\n');
    expect((JSON.parse(readFileSync(join(dir, 'r/nearmiss.json'), 'utf8')) as { problems: { count: number } }).problems.count).toBe(1);
  }, 120_000);

  it('fuzz: mutated tau2 JSON never throws; every problem is one line naming the file', async () => {
    const dir = tmp();
    const paths = (v: unknown, at: (string | number)[] = []): (string | number)[][] =>
      v !== null && typeof v === 'object'
        ? [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, Array.isArray(v) ? Number(k) : k]))]
        : [at];
    const base = tau2Doc();
    const all = paths(base).filter((p) => p.length > 0);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }))), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (edits, truncate) => {
          const doc = structuredClone(base);
          for (const [i, value] of edits) {
            const p = all[i % all.length]!;
            let parent: unknown = doc;
            for (const k of p.slice(0, -1))
              parent = parent !== null && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[k] : undefined;
            if (parent === null || typeof parent !== 'object') continue;
            const key = p[p.length - 1]!;
            if (value === undefined) Reflect.deleteProperty(parent, key);
            else (parent as Record<string | number, unknown>)[key] = value;
          }
          let text = JSON.stringify(doc);
          if (truncate) text = text.slice(0, Math.floor(text.length / 2));
          const file = join(dir, `f${n++}.json`);
          writeFileSync(file, text);
          const r = await runCli(['nearmiss', file, '--guards', GUARDS, '--out', join(dir, `r${n}`)]);
          expect([0, 1]).toContain(r.code);
          for (const l of r.errLines) expect(l.startsWith(file) || l.startsWith('carb: ')).toBe(true);
        },
      ),
      { seed: 1212, numRuns: 40 },
    );
  }, 120_000);
});

describeShared('carb nearmiss on a tau2 file whose tool messages carry no `error` key (issue 24, finding 1)', () => {
  it('the claude file with every `error` key removed keeps its near-miss figure 2/16 (its failed book_reservation is not executed)', async () => {
    const dir = tmp();
    const doc = JSON.parse(readFileSync(FILES[0]!, 'utf8')) as { simulations: { messages: Record<string, unknown>[] }[] };
    // one failed call in this file (task 25: "Error: Payment amount does not add up, …"), its error key true
    for (const s of doc.simulations) for (const m of s.messages) if (m.role === 'tool') delete m.error;
    const file = join(dir, 'claude-sonnet-4-5_aide_airline_50sims.json');
    writeFileSync(file, JSON.stringify(doc));
    const r = await runCli(['nearmiss', file, '--guards', GUARDS, '--out', join(dir, 'r'), '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as { agent: string; withMutation: number; correct: number; nearMissCorrect: number }[];
    expect(rows.map((x) => [x.agent, x.withMutation, x.correct, x.nearMissCorrect])).toEqual([['claude-sonnet-4-5', 24, 16, 2]]);
  }, 60_000);
});

describeShared('carb nearmiss --reading on the shared tau2 files (issue 24, finding 4)', () => {
  it('both readings per agent in --json; substantive waives the cancellation status check where every flight is after 2024-05-15 and the booking is business or <24 h old', async () => {
    const out = join(tmp(), 'r');
    const r = await runCli(['nearmiss', ...FILES, '--guards', GUARDS, '--out', out, '--json', '--reading', 'substantive']);
    expect(r.code).toBe(0);
    type Fig = { nearMissCorrect: number; flaggedIncorrect: number };
    const rows = JSON.parse(r.out) as ({
      agent: string;
      correct: number;
      incorrect: number;
      readings: { literal: Fig; substantive: Fig };
    } & Fig)[];
    // Read by hand in the raw JSON (reservation as get_reservation_details returned it):
    //   sonnet 42 (correct) cancels FDZ0T5 (business, flights 2024-05-17) and HSR97W (business, 2024-05-22): waived;
    //   sonnet 39 (incorrect) cancels 8C8K4E (business, 05-24) and LU15PA (business, 05-23): waived;
    //   sonnet 19 / gpt-4.1 19 / ft 19 cancel Z7GOZK (basic economy, created 2024-05-13T19:41, insured: the covered reason is
    //   said, not read): kept; ft 37 cancels NQNU5R (business, flights 2024-05-13/14, before "now"): kept.
    expect(
      rows.map((x) => [
        x.agent,
        x.correct,
        x.incorrect,
        x.readings.literal.nearMissCorrect,
        x.readings.substantive.nearMissCorrect,
        x.readings.literal.flaggedIncorrect,
        x.readings.substantive.flaggedIncorrect,
        x.nearMissCorrect,
      ]),
    ).toEqual([
      ['claude-sonnet-4-5', 16, 8, 2, 1, 2, 1, 1],
      ['ft:gpt-4.1-2025-04-14:sierra:tau2-full-sft:BzrYdMNm', 9, 5, 3, 3, 4, 4, 3],
      ['gpt-4.1', 6, 8, 3, 3, 7, 7, 3],
      ['ollama_chat/qwen2.5:7b', 0, 26, 0, 0, 22, 22, 0],
    ]);
    const flagged = readFileSync(join(out, 'flagged.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { episode: string }).episode);
    expect(flagged).not.toContain('claude-sonnet-4-5_aide_airline_50sims/42/0');
    expect(flagged).toContain('claude-sonnet-4-5_aide_airline_50sims/19/0');
  }, 60_000);
});

describe('carb nearmiss agent labels and the guard spec domain (issue 24, finding 5)', () => {
  // a tau-bench v1 results list: one cancellation, no details read
  const v1 = [
    {
      task_id: 0,
      trial: 0,
      reward: 1,
      traj: [
        { role: 'user', content: 'cancel ABC123' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'a', type: 'function', function: { name: 'cancel_reservation', arguments: '{"reservation_id":"ABC123"}' } }],
        },
        { role: 'tool', tool_call_id: 'a', content: '{"reservation_id":"ABC123","status":"cancelled"}' },
      ],
    },
  ];

  it('tau-bench v1 logs under the tau2 spec: one warning line naming the file and both domains; agent = file stem (v1 names no model)', async () => {
    const dir = tmp();
    const file = join(dir, 'gpt-4o-airline.json');
    writeFileSync(file, JSON.stringify(v1));
    const r = await runCli(['nearmiss', file, '--guards', GUARDS, '--out', join(dir, 'r'), '--json']);
    expect(r.code).toBe(0);
    expect(r.errLines).toEqual([
      `carb: warning: ${file}: guard spec ${GUARDS} is for domain "tau2-airline", found a tau-bench log (domain tau-bench); its tools and policy may differ`,
    ]);
    expect((JSON.parse(r.out) as { agent: string }[]).map((x) => x.agent)).toEqual(['gpt-4o-airline']);
  }, 60_000);

  it('--agent-label names the agent of each file (one label for all, or one per file); a count that fits neither is a usage error', async () => {
    const dir = tmp();
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, JSON.stringify(tau2Doc()));
    writeFileSync(b, JSON.stringify(tau2Results([tau2Simulation('s9', '9', [['cancel_reservation', { reservation_id: 'X' }, {}]], true)])));
    const one = await runCli(['nearmiss', a, '--guards', GUARDS, '--out', join(dir, 'r1'), '--json', '--agent-label', 'orchestrator-v2']);
    expect((JSON.parse(one.out) as { agent: string; trajectories: number }[]).map((x) => [x.agent, x.trajectories])).toEqual([
      ['orchestrator-v2', 2],
    ]);
    const two = await runCli([
      'nearmiss',
      a,
      b,
      '--guards',
      GUARDS,
      '--out',
      join(dir, 'r2'),
      '--json',
      '--agent-label',
      'A',
      '--agent-label',
      'B',
    ]);
    expect((JSON.parse(two.out) as { agent: string; trajectories: number }[]).map((x) => [x.agent, x.trajectories])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    const bad = await runCli(['nearmiss', a, '--guards', GUARDS, '--out', join(dir, 'r3'), '--agent-label', 'A', '--agent-label', 'B']);
    expect(bad.code).toBe(2);
    expect(bad.errLines).toEqual(['carb: --agent-label: expected one label, or one per file (1), found 2']);
    expect(existsSync(join(dir, 'r3'))).toBe(false);
  }, 60_000);
});

describe('carb nearmiss evidence a policy reviewer reads (issue 24, finding 6)', () => {
  it('per flagged call: the policy line, the tau2 message index and turn_idx, and a short stable hash telling redacted items apart', async () => {
    const dir = tmp();
    const rsv = {
      reservation_id: 'ABC123',
      user_id: 'u_1',
      cabin: 'economy',
      flights: [
        { flight_number: 'HAT001', date: '2024-05-20' },
        { flight_number: 'HAT002', date: '2024-05-21' },
      ],
    };
    const sim = tau2Simulation(
      's1',
      '1',
      [
        ['get_reservation_details', { reservation_id: 'ABC123' }, rsv],
        ['cancel_reservation', { reservation_id: 'ABC123' }, rsv],
      ],
      true,
    );
    // messages: 0 user, 1 assistant (details), 2 tool, 3 assistant (cancel), 4 tool; turns as tau2 numbers them
    (sim.messages as Record<string, unknown>[]).forEach((m, i) => {
      m.turn_idx = [0, 1, 2, 3, 4][i]! + 10;
    });
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(tau2Results([sim])));
    const r = await runCli(['nearmiss', file, '--guards', GUARDS, '--out', join(dir, 'r')]);
    expect(r.code).toBe(0);
    const t = JSON.parse(readFileSync(join(dir, 'r/flagged.jsonl'), 'utf8').trim()) as {
      failures: {
        step: number;
        message: number | null;
        turn: number | null;
        why: string;
        check: string;
        itemHash: string | null;
        item: unknown;
      }[];
    };
    // sha256 of the item's canonical JSON (keys sorted, no spaces), first 12 hex digits, computed here by hand
    const h = (o: string) => createHash('sha256').update(o).digest('hex').slice(0, 12);
    expect(t.failures.map((f) => [f.step, f.message, f.turn, f.check, f.itemHash])).toEqual([
      [1, 3, 13, 'flight_status', h('{"date":"2024-05-20","flight_number":"HAT001"}')],
      [1, 3, 13, 'flight_status', h('{"date":"2024-05-21","flight_number":"HAT002"}')],
    ]);
    expect(t.failures[0]!.why).toBe('If any portion of the flight has already been flown, the agent cannot help and transfer is needed.');
    const html = readFileSync(join(dir, 'r/index.html'), 'utf8');
    expect(html).toContain('If any portion of the flight has already been flown');
    expect(html).toContain(h('{"date":"2024-05-21","flight_number":"HAT002"}'));
  }, 60_000);
});
