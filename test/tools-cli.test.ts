import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configComponentHashes, loadPipeline, loadToolTyping } from '@carb/pipeline';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT, SHARED, describeShared } from './helpers/shared.ts';

afterEach(() => {
  process.exitCode = 0;
});

const scratch = () => mkdtempSync(join(tmpdir(), 'carb-tools-'));

type Call = [tool: string, args: Record<string, unknown>];

/** One OpenAI chat record: a user request, then each call answered by its tool message. */
function chat(id: string, calls: Call[]): string {
  const messages: unknown[] = [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: `request of ${id}` },
  ];
  calls.forEach(([name, args], i) => {
    const callId = `${id}-call-${i}`;
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: callId, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    });
    messages.push({ role: 'tool', tool_call_id: callId, content: `result ${i}` });
  });
  return JSON.stringify({ id, messages });
}

// 3 episodes, 13 calls of 11 tools; send_email and get_weather are called twice with different arguments.
const FIXTURE = [
  chat('ep-1', [
    ['get_weather', { city: 'Oslo' }],
    ['read_private_notes', { note_id: 'n1' }],
    ['send_email', { to: 'bob@example.com', subject: 'report' }],
  ]),
  chat('ep-2', [
    ['transfer_funds', { amount: 10, to_account: 'DE89' }],
    ['send_email', { to: 'eve@example.com', body: 'hi', cc: 'x@example.com' }],
    ['delete_file', { path: '/tmp/a' }],
    ['update_password', { new_password: 'hunter2' }],
    ['frobnicate', { level: 3 }],
    ['constructor', { x: 1 }],
  ]),
  chat('ep-3', [
    ['crm.lookup_customer', { customer_id: 'c7' }],
    ['mcp__bank__payInvoice', { invoice_id: 'i9', amount: 5 }],
    ['book_table', { restaurant: 'Nomad', party_size: 2, deposit_amount: 20 }],
    ['get_weather', { city: 'Bergen', unit: 'C' }],
  ]),
].join('\n');

function fixture(dir: string): string {
  const file = join(dir, 'agent.jsonl');
  writeFileSync(file, `${FIXTURE}\n`);
  return file;
}

const LOOKUP_HINT = "type it private_source instead if it returns the user's own records (profile, messages, files, payments)";
const MONEY = 'it moves money, so financial and external_sink (g-carb App. B.2)';

// Written by hand from the naming rules in README "Tool typing for your own tools".
const EXPECTED = {
  _comment: [
    'Written by carb tools init: 11 tools called 13 times in 3 episodes; 9 with a suggested type, 2 left [] (unknown).',
    'Every type here is a guess from the tool name. For each tool: check `tools` against what the tool really does (README, "Tool typing for your own tools"), then set its review note to false or delete it.',
    'Review notes do not change the pipeline hash (only `tools` is loaded). `carb tools check <this file> <corpus>` lists untyped, unused, contradictory and unreviewed entries.',
  ],
  tools: {
    book_table: ['external_sink', 'financial', 'irreversible'],
    constructor: [],
    'crm.lookup_customer': ['read'],
    delete_file: ['irreversible'],
    frobnicate: [],
    get_weather: ['read'],
    mcp__bank__payInvoice: ['external_sink', 'financial'],
    read_private_notes: ['private_source'],
    send_email: ['external_sink', 'message_social'],
    transfer_funds: ['external_sink', 'financial'],
    update_password: ['irreversible'],
  },
  review: {
    book_table: {
      calls: 1,
      args: ['deposit_amount', 'party_size', 'restaurant'],
      suggested: ['external_sink', 'financial', 'irreversible'],
      why: `book_: commits a booking (as agentdojo.json types reservations): irreversible; argument deposit_amount: ${MONEY}`,
      review: true,
    },
    constructor: { calls: 1, args: ['x'], suggested: [], why: 'no naming rule applies: type it by hand', review: true },
    'crm.lookup_customer': {
      calls: 1,
      args: ['customer_id'],
      suggested: ['read'],
      why: `lookup_: a lookup: read; ${LOOKUP_HINT}`,
      review: true,
    },
    delete_file: {
      calls: 1,
      args: ['path'],
      suggested: ['irreversible'],
      why: 'delete_: destroys or locks out state that cannot be restored: irreversible; add financial and external_sink if it refunds or charges',
      review: true,
    },
    frobnicate: { calls: 1, args: ['level'], suggested: [], why: 'no naming rule applies: type it by hand', review: true },
    get_weather: { calls: 2, args: ['city', 'unit'], suggested: ['read'], why: `get_: a lookup: read; ${LOOKUP_HINT}`, review: true },
    mcp__bank__payInvoice: {
      calls: 1,
      args: ['amount', 'invoice_id'],
      suggested: ['external_sink', 'financial'],
      why: 'pay_: moves money, so financial, and external_sink as every financial tool (g-carb App. B.2)',
      review: true,
    },
    read_private_notes: {
      calls: 1,
      args: ['note_id'],
      suggested: ['private_source'],
      why: 'read_… private: returns records the name marks private: private_source',
      review: true,
    },
    send_email: {
      calls: 2,
      args: ['body', 'cc', 'subject', 'to'],
      suggested: ['external_sink', 'message_social'],
      why: "send_: sends a message outside the user's control: external_sink and message_social",
      review: true,
    },
    transfer_funds: {
      calls: 1,
      args: ['amount', 'to_account'],
      suggested: ['external_sink', 'financial'],
      why: 'transfer_: moves money, so financial, and external_sink as every financial tool (g-carb App. B.2)',
      review: true,
    },
    update_password: {
      calls: 1,
      args: ['new_password'],
      suggested: ['irreversible'],
      why: 'update_password: locks out whoever held the old password: irreversible',
      review: true,
    },
  },
};

describe('carb tools init', () => {
  it('types an OpenAI chat log as written out by hand, one tool per line, and the file loads as a typing', async () => {
    const dir = scratch();
    const out = join(dir, 'mine.json');
    const r = await runCli(['tools', 'init', fixture(dir), '--out', out]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('tools: 11 (13 calls); with a suggested type: 9; left [] (unknown): 2\n');
    const text = readFileSync(out, 'utf8');
    expect(JSON.parse(text)).toEqual(EXPECTED);
    expect(text).toContain('\n    "send_email": ["external_sink", "message_social"],\n');
    // a tool named like an Object.prototype member is an ordinary entry
    expect(Object.keys(loadToolTyping(out))).toEqual(Object.keys(EXPECTED.tools));
    expect(readdirSync(dir).sort()).toEqual(['agent.jsonl', 'mine.json']); // no temporary file left beside it
  }, 120_000);

  it('is deterministic, and --force replaces the file with the same bytes', async () => {
    const dir = scratch();
    const corpus = fixture(dir);
    const [a, b] = [join(dir, 'a.json'), join(dir, 'b.json')];
    expect((await runCli(['tools', 'init', corpus, '--out', a])).code).toBe(0);
    expect((await runCli(['tools', 'init', corpus, '--out', b])).code).toBe(0);
    expect(readFileSync(b)).toEqual(readFileSync(a));
    writeFileSync(b, 'old');
    expect((await runCli(['tools', 'init', corpus, '--out', b, '--force'])).code).toBe(0);
    expect(readFileSync(b)).toEqual(readFileSync(a));
  }, 120_000);

  it('review notes leave the pipeline hash unchanged: only `tools` is loaded', () => {
    const dir = scratch();
    const withNotes = join(dir, 'with.json');
    const bare = join(dir, 'bare.json');
    writeFileSync(withNotes, JSON.stringify(EXPECTED));
    writeFileSync(bare, JSON.stringify({ tools: EXPECTED.tools }));
    const base = JSON.parse(readFileSync(join(ROOT, 'configs/pipelines/default.json'), 'utf8')) as Record<string, unknown>;
    const pipeline = (typing: string) => {
      const f = join(dir, `pipeline-${typing === bare ? 'bare' : 'with'}.json`);
      writeFileSync(f, JSON.stringify({ ...base, toolTyping: [typing] }));
      return loadPipeline(f);
    };
    const [a, b] = [configComponentHashes(pipeline(withNotes)), configComponentHashes(pipeline(bare))];
    expect(a).toEqual(b);
    // and the typing itself does count: one changed type changes the toolTyping hash
    writeFileSync(bare, JSON.stringify({ tools: { ...EXPECTED.tools, frobnicate: ['read'] } }));
    expect(configComponentHashes(pipeline(bare)).toolTyping).not.toBe(a.toolTyping);
  });
});

describe('carb tools check', () => {
  const typingFile = (dir: string, body: unknown) => {
    const f = join(dir, 'typing.json');
    writeFileSync(f, JSON.stringify(body));
    return f;
  };

  it('lists untyped, unused, contradictory and unreviewed entries with counts, exit 1', async () => {
    const dir = scratch();
    const corpus = fixture(dir);
    const tools: Record<string, string[]> = { ...EXPECTED.tools };
    delete tools.transfer_funds; // untyped, 1 call
    delete tools.get_weather; // untyped, 2 calls
    tools.get_weather_forecast = ['read']; // unused
    tools.pay_bill = ['financial']; // unused and contradictory
    tools.delete_file = ['read', 'irreversible']; // contradictory
    tools.send_email = ['private_source', 'external_sink', 'message_social']; // allowed: a tool that reads and forwards
    const typing = typingFile(dir, {
      tools,
      review: {
        frobnicate: { calls: 1, args: ['level'], suggested: [], review: true },
        constructor: { calls: 1, args: ['x'], suggested: [], review: false },
      },
    });
    const r = await runCli(['tools', 'check', typing, corpus, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({
      episodes: 3,
      problems: 0,
      toolsCalled: 11,
      calls: 13,
      toolsTyped: 11,
      findings: 7,
      untyped: [
        { tool: 'get_weather', calls: 2 },
        { tool: 'transfer_funds', calls: 1 },
      ],
      unused: ['get_weather_forecast', 'pay_bill'],
      contradictory: [
        {
          tool: 'delete_file',
          types: ['read', 'irreversible'],
          reasons: ['read together with irreversible (read means none of the other types)'],
        },
        {
          tool: 'pay_bill',
          types: ['financial'],
          reasons: ['financial without external_sink (every financial tool is an external sink, g-carb App. B.2)'],
        },
      ],
      unreviewed: ['frobnicate'],
    });
    const text = await runCli(['tools', 'check', typing, corpus]);
    expect(text.code).toBe(1);
    expect(text.out.split('\n')).toEqual(
      expect.arrayContaining([
        'untyped (called, not in the typing): 2: get_weather (2 calls), transfer_funds (1 call)',
        'unused (in the typing, never called): 2: get_weather_forecast, pay_bill',
        'unreviewed (review: true): 1: frobnicate',
        '7 finding(s)',
      ]),
    );
  }, 120_000);

  it('a reviewed skeleton of the same corpus is clean: exit 0', async () => {
    const dir = scratch();
    const corpus = fixture(dir);
    const review = Object.fromEntries(Object.entries(EXPECTED.review).map(([k, v]) => [k, { ...v, review: false }]));
    const r = await runCli(['tools', 'check', typingFile(dir, { ...EXPECTED, review }), corpus]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'corpus: 3 episodes, 11 tools called 13 times; typing: 11 tools\n' +
        'untyped (called, not in the typing): 0\nunused (in the typing, never called): 0\ncontradictory: 0\nunreviewed (review: true): 0\nclean\n',
    );
  }, 120_000);

  it('--help states the exit statuses', async () => {
    const r = await runCli(['tools', 'check', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 when the typing is clean, 1 when there are findings');
  }, 120_000);
});

describe('carb tools: usage errors exit 2 with one line and write nothing', () => {
  it.each([
    [
      'missing --out',
      (_d: string, c: string) => ['tools', 'init', c],
      '--out: expected a value (required by carb tools init), found nothing',
    ],
    [
      '--out not .json',
      (d: string, c: string) => ['tools', 'init', c, '--out', join(d, 'mine.yaml')],
      '--out: expected a file name ending in .json, found DIR/mine.yaml',
    ],
    [
      'unreadable corpus',
      (d: string) => ['tools', 'init', join(d, 'missing.jsonl'), '--out', join(d, 'mine.json')],
      '<corpus>: expected a readable corpus file or directory, found nothing at DIR/missing.jsonl',
    ],
    [
      'check: missing typing',
      (d: string, c: string) => ['tools', 'check', join(d, 'none.json'), c],
      '<typing>: expected a readable tool-typing file, found nothing at DIR/none.json',
    ],
    [
      'check: unreadable corpus',
      (d: string, c: string) => ['tools', 'check', c, join(d, 'missing')],
      '<corpus>: expected a readable corpus file or directory, found nothing at DIR/missing',
    ],
    [
      'unknown subcommand',
      (_d: string, c: string) => ['tools', 'inti', c],
      'inti: unknown command for carb tools; did you mean init?; expected one of init, check',
    ],
  ])(
    '%s',
    async (_name, argv, line) => {
      const dir = scratch();
      const corpus = fixture(dir);
      const r = await runCli(argv(dir, corpus));
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.errLines).toEqual([`carb: ${line.replace('DIR', dir)}`]); // DIR: the scratch folder
      expect(readdirSync(dir)).toEqual(['agent.jsonl']);
    },
    120_000,
  );

  it('an existing --out without --force is refused and left as it was', async () => {
    const dir = scratch();
    const out = join(dir, 'mine.json');
    writeFileSync(out, 'keep me');
    const r = await runCli(['tools', 'init', fixture(dir), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.errLines).toEqual([`carb: --out: expected a new file (or --force to replace it), found an existing file at ${out}`]);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect(readdirSync(dir).sort()).toEqual(['agent.jsonl', 'mine.json']);
  }, 120_000);

  it('a corpus with nothing readable is a data error (exit 1): its problem, one closing line, nothing written', async () => {
    const dir = scratch();
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"messages": [{"role": "wizard"}]}\n');
    const out = join(dir, 'mine.json');
    const r = await runCli(['tools', 'init', bad, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.errLines).toHaveLength(2);
    expect(r.errLines[0]).toContain(bad);
    expect(r.errLines[1]).toBe(`carb: nothing could be read from ${bad}; nothing written`);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});

describe('carb tools check: a typing file that does not validate is a data error', () => {
  it('one line per problem naming the file and the pointer, exit 1, no findings printed', async () => {
    const dir = scratch();
    const typing = join(dir, 'typing.json');
    writeFileSync(
      typing,
      JSON.stringify({ tools: { send_email: ['sink'] }, review: { send_email: { calls: -1, args: [], suggested: [], review: true } } }),
    );
    const r = await runCli(['tools', 'check', typing, fixture(dir)]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.errLines).toEqual([
      `carb: ${typing}: /tools/send_email/0: expected one of "private_source", "external_sink", "financial", "irreversible", "message_social", "read", found string "sink"`,
      `carb: ${typing}: /review/send_email/calls: expected a number >= 0, found number -1`,
    ]);
  }, 120_000);
});

const TAU2 = resolve(SHARED, 'corpora/tau2-airline');

interface Tau2Tool {
  name: string;
  tool_type: 'READ' | 'WRITE' | 'GENERIC';
  mutating: boolean;
}

/** Calls per tool in the tau2 Results files, counted from the raw JSON (not through carb's adapter). */
function rawCallCounts(files: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of files) {
    const doc = JSON.parse(readFileSync(f, 'utf8')) as {
      simulations: Array<{ messages: Array<{ role: string; tool_calls?: Array<{ name: string }> | null }> }>;
    };
    for (const s of doc.simulations)
      for (const m of s.messages)
        if (m.role === 'assistant') for (const c of m.tool_calls ?? []) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  }
  return counts;
}

describeShared('carb tools init on the shared tau2 airline trajectories', () => {
  it('types every airline tool of tools.json, agreeing with its READ/WRITE classes; calls as in the raw logs', async () => {
    const dirs = readdirSync(join(TAU2, 'trajectories'))
      .sort()
      .map((d) => join(TAU2, 'trajectories', d));
    const files = dirs.flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith('.json'))
        .map((f) => join(d, f)),
    );
    expect(files).toHaveLength(4); // corpus README: four trajectory files
    const out = join(scratch(), 'airline.json');
    const r = await runCli(['tools', 'init', ...dirs, '--out', out]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const got = JSON.parse(readFileSync(out, 'utf8')) as typeof EXPECTED;
    const tools = JSON.parse(readFileSync(join(TAU2, 'tools.json'), 'utf8')) as Tau2Tool[];
    expect(tools).toHaveLength(14);
    for (const t of tools) {
      const types = (got.tools as Record<string, string[]>)[t.name];
      expect(types, t.name).toBeDefined();
      expect(types!.length, `${t.name} typed`).toBeGreaterThan(0);
      if (t.tool_type === 'READ') expect(types, t.name).toEqual(['read']);
      if (t.tool_type === 'WRITE' || t.mutating) expect(types, t.name).not.toContain('read');
    }
    const raw = rawCallCounts(files);
    expect(Object.keys(got.tools).sort()).toEqual([...raw.keys()].sort());
    for (const [tool, n] of raw) expect((got.review as Record<string, { calls: number }>)[tool]!.calls, tool).toBe(n);
    // README: against the hand-made typing the names alone miss the two private lookups, the refund of a
    // cancellation, and that flights can be changed again; the other ten agree as sets
    const hand = loadToolTyping(join(ROOT, 'configs/tools/tau2-airline.json'));
    const differs = Object.keys(got.tools).filter(
      (t) => [...(got.tools as Record<string, string[]>)[t]!].sort().join() !== [...hand[t]!].sort().join(),
    );
    expect(differs).toEqual(['cancel_reservation', 'get_reservation_details', 'get_user_details', 'update_reservation_flights']);
  }, 120_000);
});
