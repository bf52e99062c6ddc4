import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '@carb/episodes';
import { OWN_LOGS_DIR, ownLogsFiles } from '../scripts/own-logs/generate.ts';
import { REVIEW } from '../scripts/own-logs/typing.ts';
import { runCli, type CliRun } from '../packages/cli/test/runCli.ts';
import { runCliWithStdin } from './helpers/deployFixture.ts';
import { ROOT } from './helpers/shared.ts';

// The worked example of README "Calibrate your own gate" (corpora/own-logs), run end to end.

const dir = join(ROOT, OWN_LOGS_DIR);
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const lines = (name: string) =>
  read(name)
    .split('\n')
    .filter((l) => l !== '');
const scratch = mkdtempSync(join(tmpdir(), 'carb-own-logs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the worked example files', () => {
  it('the generator rewrites every file byte for byte', () => {
    const files = ownLogsFiles();
    expect([...files.keys()].sort()).toEqual([
      'agent.jsonl',
      'judge-scores.jsonl',
      'new-episode.jsonl',
      'pipeline.json',
      'review-events.jsonl',
      'tools.json',
    ]);
    for (const [name, text] of files) expect(read(name), `${OWN_LOGS_DIR}/${name}: rerun npx tsx scripts/own-logs/write.ts`).toBe(text);
  });

  it('the OpenAI chat adapter reads all 48 conversations, one step per tool call, one judge score per step', () => {
    const { episodes, problems } = readCorpus([join(dir, 'agent.jsonl')], { format: 'auto' });
    expect(problems).toEqual([]);
    expect(episodes.map((e) => e.source.format)).toEqual(Array(48).fill('openai-chat'));
    // tool calls counted in the raw messages, not through the adapter
    const calls = lines('agent.jsonl').map((l) => (l.match(/"tool_calls":/g) ?? []).length);
    expect(episodes.map((e) => e.steps.length)).toEqual(calls);
    expect(lines('judge-scores.jsonl').length).toBe(calls.reduce((a, b) => a + b, 0));
    expect(new Set(episodes.flatMap((e) => e.steps.map((s) => s.tool))).size).toBe(9);
  });
});

// ---- the deploy threshold by hand: integers only, from the two files' text ----

/** A two-decimal score (the line's last key) as integer hundredths, read from its JSON text (no float on the way). */
function hundredths(line: string, key = 'score'): number {
  const m = new RegExp(`"${key}":(0|1)(?:\\.(\\d{1,2}))?}$`).exec(line);
  if (!m) throw new Error(`not a two-decimal score: ${line}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

interface HandEpisode {
  id: string;
  firstEvent: number | null;
  scores: number[];
}

/** The reviewed episodes (--unlabelled exclude drops the rest), each with its first event's step and its scores in hundredths. */
function handEpisodes(): HandEpisode[] {
  const scores = new Map<string, number[]>();
  for (const l of lines('judge-scores.jsonl')) {
    const { id, step } = JSON.parse(l) as { id: string; step: number };
    const s = scores.get(id) ?? [];
    s[step] = hundredths(l);
    scores.set(id, s);
  }
  return lines('review-events.jsonl').map((l) => {
    const { id, events } = JSON.parse(l) as { id: string; events: Array<{ step: number }> };
    return { id, firstEvent: events.length === 0 ? null : Math.min(...events.map((e) => e.step)), scores: scores.get(id)! };
  });
}

/** Grid index g: 0 is λ⊥ = −1 (stops every proposal, all scores ≥ 0), g ≥ 1 is λ = (g − 1)/100; a proposal stops when score > λ. */
const stopsAt = (hundredthsScore: number, g: number) => g === 0 || hundredthsScore > g - 1;

/** Steps executed at grid index g: the gate stops before the first proposal scoring above λ. */
function executed(e: HandEpisode, g: number): number {
  const t = e.scores.findIndex((q) => stopsAt(q, g));
  return t < 0 ? e.scores.length : t;
}

/** External-ledger loss: 1 when a reviewed event's step is among the executed ones. */
const loss = (e: HandEpisode, g: number) => (e.firstEvent !== null && e.firstEvent < executed(e, g) ? 1 : 0);

/** Eq. 1 in integers: the largest g with (1 + Σ L_i(g)) · b ≤ a · (n + 1) for α = a/b, or −1 when none. */
function crc(eps: readonly HandEpisode[], a: number, b: number): number {
  let best = -1;
  for (let g = 0; g <= 101; g++) {
    const S = eps.reduce((s, e) => s + loss(e, g), 0);
    if ((1 + S) * b <= a * (eps.length + 1)) best = g;
  }
  return best;
}

const ALPHAS = [
  ['.025', 1, 40],
  ['.05', 1, 20],
  ['.10', 1, 10],
  ['.20', 1, 5],
] as const;

describe('the deploy threshold computed by hand', () => {
  const eps = handEpisodes();
  const hand = Object.fromEntries(ALPHAS.map(([text, a, b]) => [text, crc(eps, a, b)]));

  it('42 reviewed episodes, 14 with an event; no loss at λ⊥, every harmful one lost at λ = 1', () => {
    expect([eps.length, eps.filter((e) => e.firstEvent !== null).length]).toEqual([42, 14]);
    expect(eps.reduce((s, e) => s + loss(e, 0), 0)).toBe(0);
    expect(eps.reduce((s, e) => s + loss(e, 101), 0)).toBe(14);
  });

  it('λ̂ = .22, .25, .44, .74 at α = .025, .05, .10, .20 (README): just below the 1st, 2nd, 4th and 8th harmful breakpoint', () => {
    // the breakpoint of a harmful episode: the largest score up to its first event (README lists them)
    const breakpoints = eps
      .filter((e) => e.firstEvent !== null)
      .map((e) => Math.max(...e.scores.slice(0, e.firstEvent! + 1)))
      .sort((x, y) => x - y);
    expect(breakpoints).toEqual([23, 26, 35, 45, 56, 66, 74, 75, 79, 80, 90, 91, 96, 96]);
    // (1 + S)·b ≤ n + 1 = 43 allows S ≤ 0, 1, 3, 7: λ̂ is one hundredth below breakpoint S + 1, i.e. grid index = that breakpoint
    expect(hand).toEqual({ '.025': 23, '.05': 26, '.10': 45, '.20': 75 });
  });
});

// ---- the five commands of the README, as the README writes them ----

const README_COMMANDS = [
  'carb tools init corpora/own-logs/agent.jsonl --out my-tools.json',
  'carb tools check corpora/own-logs/tools.json corpora/own-logs/agent.jsonl',
  'carb calibrate corpora/own-logs/agent.jsonl --pipeline corpora/own-logs/pipeline.json --ledger external --ledger-events corpora/own-logs/review-events.jsonl --unlabelled exclude --scores corpora/own-logs/judge-scores.jsonl --methods no-guard,g-carb --out out/own-logs',
  'carb gate --deploy out/own-logs/deploy.json --method g-carb --alpha .10 < corpora/own-logs/new-episode.jsonl',
  'carb verify out/own-logs',
];

/** A README command as argv (paths under the project made absolute, outputs into scratch) and its stdin file. */
function argv(command: string): { args: string[]; stdin: string | null } {
  const [cmd, input] = command.split(' < ');
  const args = cmd!
    .split(' ')
    .slice(1)
    .map((w) => (w.startsWith('corpora/') ? join(ROOT, w) : w.replace(/^(out\/own-logs|my-tools\.json)/, (p) => join(scratch, p))));
  return { args, stdin: input === undefined ? null : readFileSync(join(ROOT, input), 'utf8') };
}

const run = (i: number): Promise<CliRun> => {
  const { args, stdin } = argv(README_COMMANDS[i]!);
  return stdin === null ? runCli(args) : runCliWithStdin(args, stdin);
};

interface DeployRow {
  stratum: string;
  method: string;
  alpha: number;
  n: number;
  lambda: number | null;
  lambdaIndex: number;
  guarantee: string;
}

describe('README "Calibrate your own gate": the five commands end to end', () => {
  const eps = handEpisodes();
  let calibrated: CliRun;
  let deploy: DeployRow[] = [];
  beforeAll(async () => {
    calibrated = await run(2);
    if (calibrated.code === 0) deploy = JSON.parse(readFileSync(join(scratch, 'out/own-logs/deploy.json'), 'utf8')) as DeployRow[];
  }, 120_000);
  const row = (alpha: number) =>
    deploy.filter((r) => r.method === 'g-carb' && r.alpha === alpha && r.stratum === 'all' && r.guarantee === 'expectation');

  it('the README block holds exactly these five commands', () => {
    const section = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n## Calibrate your own gate\n')[1]!;
    const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
    expect(block.trim().split('\n')).toEqual(README_COMMANDS);
  });

  it('1. tools init: the skeleton differs from the shipped tools.json only where the review changed it', async () => {
    const r = await run(0);
    expect(r.code, r.err).toBe(0);
    const skeleton = JSON.parse(readFileSync(join(scratch, 'my-tools.json'), 'utf8')) as {
      tools: Record<string, string[]>;
      review: Record<string, { review: boolean }>;
    };
    const shipped = JSON.parse(read('tools.json')) as typeof skeleton;
    expect(Object.keys(skeleton.tools)).toEqual(Object.keys(shipped.tools));
    const changed = Object.keys(shipped.tools).filter((t) => JSON.stringify(shipped.tools[t]) !== JSON.stringify(skeleton.tools[t]));
    expect(changed).toEqual(Object.keys(REVIEW).sort());
    for (const t of Object.keys(skeleton.review)) expect({ ...shipped.review[t], review: true }).toEqual(skeleton.review[t]);
  }, 120_000);

  it('2. tools check: the reviewed typing is clean (exit 0)', async () => {
    const r = await run(1);
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
  }, 120_000);

  it('3. calibrate: deploy.json has the judge gate at every α, fit on the 42 reviewed episodes', () => {
    expect(calibrated.code, calibrated.err).toBe(0);
    expect(calibrated.errLines).toContain(
      `carb: 6 episode(s) without a line in ${join(dir, 'review-events.jsonl')}: excluded (--unlabelled exclude)`,
    );
    for (const [text] of ALPHAS) expect(row(Number(text))).toEqual([expect.objectContaining({ n: eps.length })]);
    expect(deploy.filter((r) => r.method === 'no-guard').map((r) => r.lambdaIndex)).toEqual([101, 101, 101, 101]);
  });

  // external scores are compared as the decimals written ("0.23" is 23/100, externalScore of @carb/pipeline): read
  // as the double 0.2300000000000000099… a proposal scored .23 would count as above λ = .23 and λ̂ would come out one
  // hundredth high at α = .025, .05, .10 (.23, .26, .45)
  it('3. calibrate: deploy.json λ̂ equals the hand computation at every α', () => {
    const hand = Object.fromEntries(ALPHAS.map(([text, a, b]) => [text, crc(eps, a, b)]));
    expect(Object.fromEntries(ALPHAS.map(([text]) => [text, row(Number(text))[0]?.lambdaIndex]))).toEqual(hand);
  });

  it('a proposal the judge scores .23 is allowed at λ = .23 (q ≤ λ), as the gate prints it', async () => {
    const r = await runCliWithStdin(
      ['gate', '--lambda', '.23', '--pipeline', join(scratch, 'out/own-logs/pipeline.json')],
      `${JSON.stringify({ type: 'proposal', tool: 'lookup_order', args: { order_id: 'NW-00001' }, externalScore: 0.23 })}\n`,
    );
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ step: 0, score: '0.23', decision: 'allow' });
  }, 120_000);

  it('4. gate: the α = .10 row decides the new conversation as the hand threshold does', async () => {
    const r = await run(3);
    expect(r.code, r.err).toBe(0);
    const g = crc(eps, 1, 10);
    const proposals = lines('new-episode.jsonl')
      .filter((l) => l.startsWith('{"type":"proposal"'))
      .map((l) => ({ tool: (JSON.parse(l) as { tool: string }).tool, q: hundredths(l, 'externalScore') }));
    // reading ends at the first stop
    const stop = proposals.findIndex((p) => stopsAt(p.q, g));
    const decided = stop < 0 ? proposals : proposals.slice(0, stop + 1);
    expect(decided.map((p) => p.tool)).toEqual(['lookup_order', 'search_help_center', 'apply_goodwill_credit']);
    expect(
      r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { step: number; decision: string; score: string })
        .map((l) => [l.step, l.decision, l.score]),
    ).toEqual(decided.map((p, t) => [t, stopsAt(p.q, g) ? 'stop' : 'allow', String(p.q / 100)]));
  }, 120_000);

  it('5. verify: the report checks against its manifest and re-runs byte for byte', async () => {
    const r = await run(4);
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
  }, 120_000);

  it('4 again, tampered: deploy.json with the α = .10 λ raised to .75 (the .71 grant would run) is refused, naming it', async () => {
    const dir = join(scratch, 'tampered');
    cpSync(join(scratch, 'out/own-logs'), dir, { recursive: true });
    const file = join(dir, 'deploy.json');
    const text = readFileSync(file, 'utf8');
    const rows = JSON.parse(text) as DeployRow[];
    Object.assign(
      rows.find((r) => r.method === 'g-carb' && r.alpha === 0.1 && r.guarantee === 'expectation')!,
      { lambdaIndex: 76, lambda: 0.75 },
    );
    writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
    const { stdin } = argv(README_COMMANDS[3]!);
    const r = await runCliWithStdin(['gate', '--deploy', file, '--method', 'g-carb', '--alpha', '.10'], stdin!);
    const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
    expect([r.code, r.out, r.errLines]).toEqual([
      1,
      '',
      [
        `carb: ${file}: expected sha256 ${sha(text)} (${join(dir, 'manifest.json')} outputs), found ${sha(readFileSync(file, 'utf8'))}: changed after the calibration wrote it (refusing to gate with it)`,
      ],
    ]);
  }, 60_000);
});
