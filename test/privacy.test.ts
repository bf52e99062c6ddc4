import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { redactValues } from '@carb/io';
import { runCli, type CliRun } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';
import { tau2Results, tau2Simulation } from './helpers/tau2Doc.ts';

// Logs hold personal data: by default no output of carb carries a tool result or an argument
// value (README "What each output contains"). Two distinctive strings are planted in the inputs,
// a canary in a tool result and an argument value, and searched for in every byte written.
const CANARY = 'CANARY-PRIVACYTEST1';
const SECRET = 'secret-arg-value-7731';

const dir = mkdtempSync(join(tmpdir(), 'carb-privacy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  process.exitCode = 0;
});

// ces-000-leak (corpora/ces-near-miss.jsonl, line 1): step 9's result carries the canary, step 11
// sends it to liaison@partner-firm.example. Both are replaced by the planted strings (the canary
// still matches the pipeline's canaryPattern CANARY-[A-Z0-9]{6,}).
const CES = join(dir, 'ces.jsonl');
const SECRET_TO = `${SECRET}@partner-firm.example`;
writeFileSync(
  CES,
  readFileSync(join(ROOT, 'corpora/ces-near-miss.jsonl'), 'utf8')
    .replaceAll('CANARY-ZMPPV43XD9', CANARY)
    .replaceAll('liaison@partner-firm.example', SECRET_TO),
);

/** Every file under `path` (or the file itself), as text. */
function filesUnder(path: string): Array<[string, string]> {
  if (!statSync(path).isDirectory()) return [[path, readFileSync(path, 'latin1')]];
  return readdirSync(path).flatMap((f) => filesUnder(join(path, f)));
}

/** Files and streams of a run that contain `needle`. */
function carrying(needle: string, run: CliRun, out?: string): string[] {
  const places: Array<[string, string]> = [['stdout', run.out], ['stderr', run.err], ...(out === undefined ? [] : filesUnder(out))];
  return places.filter(([, text]) => text.includes(needle)).map(([name]) => name);
}

describe('the planted strings are in the inputs (else the checks below could not fail)', () => {
  it('the CES copy holds the canary in a result and the secret in an argument', () => {
    const ep = JSON.parse(readFileSync(CES, 'utf8').split('\n')[0]!) as {
      id: string;
      steps: { result: string; args: Record<string, unknown> }[];
    };
    expect(ep.id).toBe('ces-000-leak');
    expect(ep.steps[9]!.result).toContain(CANARY);
    expect(ep.steps[11]!.args.to).toBe(SECRET_TO);
  });
});

describe('carb explain', () => {
  for (const json of [false, true]) {
    it(`${json ? '--json' : 'text'}: neither string by default; both with --include-content`, async () => {
      const base = ['explain', CES, '--episode', 'ces-000-leak', ...(json ? ['--json'] : [])];
      // without a threshold every step executes: step 11's privacy_flow event (evidence: the canary) is listed;
      // at λ .58 the stop prevents it and it is listed as prevented
      for (const gate of [[], ['--lambda', '.58']]) {
        const plain = await runCli([...base, ...gate]);
        expect(plain.code, plain.err).toBe(0);
        expect(carrying(CANARY, plain)).toEqual([]);
        expect(carrying(SECRET, plain)).toEqual([]);
        expect(plain.out).toContain('privacy_flow');
        expect(plain.out).toContain('send_external_email');
        const full = await runCli([...base, ...gate, '--include-content']);
        expect(full.code, full.err).toBe(0);
        expect(carrying(CANARY, full)).toEqual(['stdout']);
        // the text abbreviates arguments to 100 characters, which ends before step 11's `to`
        if (json) expect(carrying(SECRET, full)).toEqual(['stdout']);
      }
    }, 120_000);
  }

  it("--json by default keeps argument names and the event's step, category, rule and seenAt; values become markers", async () => {
    const run = await runCli(['explain', CES, '--episode', 'ces-000-leak', '--json']);
    const x = JSON.parse(run.out) as {
      steps: { step: number; tool: string; args: Record<string, unknown>; ledger: Record<string, unknown>[] }[];
    };
    const send = x.steps[11]!;
    expect([send.step, send.tool, Object.keys(send.args).sort()]).toEqual([11, 'send_external_email', ['body', 'subject', 'to']]);
    expect(send.args.to).toBe(`‹redacted: ${SECRET_TO.length} chars›`);
    expect(send.ledger).toEqual([
      { step: 11, category: 'privacy_flow', rule: 'canary', evidence: `‹redacted: ${CANARY.length} chars›`, payload: null, seenAt: 9 },
    ]);
  }, 120_000);
});

describe('carb calibrate', () => {
  it('the report folder and stdout carry neither string (there is no content to include)', async () => {
    const out = join(dir, 'cal');
    const run = await runCli(['calibrate', CES, '--out', out, '--splits', '2', '--methods', 'g-carb', '--no-frontier', '--workers', '1']);
    expect(run.code, run.err).toBe(0);
    expect(readdirSync(out)).toEqual(
      expect.arrayContaining([
        'index.html',
        'tables.md',
        'summary.json',
        'splits.csv',
        'paired.json',
        'deploy.json',
        'manifest.json',
        'pipeline.json',
      ]),
    );
    expect(carrying(CANARY, run, out)).toEqual([]);
    expect(carrying(SECRET, run, out)).toEqual([]);
  }, 120_000);
});

describe('carb gate and carb inspect', () => {
  it('gate --check and inspect --json carry neither string', async () => {
    const check = await runCli(['gate', '--check', CES, '--lambda', '.58']);
    expect(check.code, check.err).toBe(0);
    const inspect = await runCli(['inspect', CES, '--json']);
    expect(inspect.code, inspect.err).toBe(0);
    for (const run of [check, inspect]) expect([carrying(CANARY, run), carrying(SECRET, run)]).toEqual([[], []]);
  }, 120_000);
});

// A tau2 Results document (the shape of test/nearmiss-cli.test.ts): the cancellation of reservation
// SECRET is checked only by the details read, whose result names a flight CANARY; its status is
// never read, so the near-miss's evidence names both (the needed get_flight_status call).
function tau2Doc(): Record<string, unknown> {
  const rsv = { reservation_id: SECRET, user_id: 'u_1', cabin: 'economy', flights: [{ flight_number: CANARY, date: '2024-05-20' }] };
  return tau2Results([
    tau2Simulation(
      's1',
      '1',
      [
        ['get_reservation_details', { reservation_id: SECRET }, rsv],
        ['cancel_reservation', { reservation_id: SECRET }, rsv],
      ],
      true,
    ),
  ]);
}

describe('carb nearmiss', () => {
  const file = join(dir, 'tau2.json');
  writeFileSync(file, JSON.stringify(tau2Doc()));
  const guards = join(ROOT, 'configs/guards/tau2-airline.json');

  it('flagged.jsonl and index.html keep tool names, steps, argument names and the missing check, without values', async () => {
    const out = join(dir, 'nm');
    const run = await runCli(['nearmiss', file, '--guards', guards, '--out', out]);
    expect(run.code, run.err).toBe(0);
    expect(carrying(CANARY, run, out)).toEqual([]);
    expect(carrying(SECRET, run, out)).toEqual([]);
    const flagged = JSON.parse(readFileSync(join(out, 'flagged.jsonl'), 'utf8').trim()) as {
      failures: {
        step: number;
        tool: string;
        check: string;
        args: Record<string, unknown>;
        needed: { tool: string; args: Record<string, unknown> }[];
      }[];
    };
    const status = flagged.failures.find((f) => f.check === 'flight_status')!;
    expect([status.step, status.tool, status.args]).toEqual([
      1,
      'cancel_reservation',
      { reservation_id: `‹redacted: ${SECRET.length} chars›` },
    ]);
    expect(status.needed[0]).toEqual({
      tool: 'get_flight_status',
      args: { flight_number: `‹redacted: ${CANARY.length} chars›`, date: '‹redacted: 10 chars›' },
    });
  }, 120_000);

  it('--include-content shows the values in flagged.jsonl and index.html only', async () => {
    const out = join(dir, 'nm-content');
    const run = await runCli(['nearmiss', file, '--guards', guards, '--out', out, '--include-content']);
    expect(run.code, run.err).toBe(0);
    expect(carrying(CANARY, run, out).sort()).toEqual([join(out, 'flagged.jsonl'), join(out, 'index.html')]);
    expect(carrying(SECRET, run, out).sort()).toEqual([join(out, 'flagged.jsonl'), join(out, 'index.html')]);
  }, 120_000);
});

describe('carb audit', () => {
  // In corpora/audit-general.jsonl the artifact id payroll-bands-48eb (a file_id argument, and listed in the
  // context of the risky item and its twin) and the reference PA-2972 (in a read's result) occur in one pair; both are replaced.
  const general = readFileSync(join(ROOT, 'corpora/audit-general.jsonl'), 'utf8');
  const items = join(dir, 'items.jsonl');
  writeFileSync(items, general.replaceAll('payroll-bands-48eb', SECRET).replaceAll('PA-2972', CANARY));
  const ids = general
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { task_id: string }).task_id);
  // a rewrite whose arguments carry the secret: decisions/*.jsonl echoes it
  const decisions = join(dir, 'rewriter.jsonl');
  writeFileSync(
    decisions,
    ids
      .map(
        (id, k) =>
          `${JSON.stringify(k === 0 ? { task_id: id, decision: 'rewrite', action: { tool: 'send_email', args: { to: SECRET } } } : { task_id: id, decision: 'allow' })}\n`,
      )
      .join(''),
  );

  it('the planted strings are in the items: an argument value and a result', () => {
    type Item = { committed_prefix: { args: Record<string, unknown>; result: string }[] };
    const steps = readFileSync(items, 'utf8')
      .trim()
      .split('\n')
      .flatMap((l) => (JSON.parse(l) as Item).committed_prefix);
    expect(steps.some((s) => s.args.file_id === SECRET)).toBe(true);
    expect(steps.some((s) => s.result.includes(CANARY))).toBe(true);
  });

  it('verdicts.jsonl and decisions/*.jsonl carry neither string by default; the state and the rewrite do with --include-content', async () => {
    const plainOut = join(dir, 'audit');
    const plain = await runCli(['audit', items, '--out', plainOut, '--guardrail', 'state-guard', '--guardrail', decisions]);
    expect(plain.code, plain.err).toBe(0);
    expect(carrying(CANARY, plain, plainOut)).toEqual([]);
    expect(carrying(SECRET, plain, plainOut)).toEqual([]);
    const rewrite = JSON.parse(readFileSync(join(plainOut, 'decisions/2-rewriter.jsonl'), 'utf8').split('\n')[0]!) as unknown;
    expect(rewrite).toEqual({
      task_id: ids[0],
      decision: 'rewrite',
      action: { tool: 'send_email', args: { to: `‹redacted: ${SECRET.length} chars›` } },
    });
    const fullOut = join(dir, 'audit-content');
    const full = await runCli([
      'audit',
      items,
      '--out',
      fullOut,
      '--guardrail',
      'state-guard',
      '--guardrail',
      decisions,
      '--include-content',
    ]);
    expect(full.code, full.err).toBe(0);
    expect(carrying(SECRET, full, fullOut).sort()).toEqual([join(fullOut, 'decisions/2-rewriter.jsonl'), join(fullOut, 'verdicts.jsonl')]);
  }, 120_000);
});

describe('redactValues', () => {
  it('keeps keys, nesting, array lengths, null and the kept members; every other leaf becomes its marker', () => {
    expect(redactValues({ to: 'ab€', n: 3, ok: true, none: null, list: ['x', { deep: 'yz' }], step: 4 }, new Set(['step']))).toEqual({
      to: '‹redacted: 3 chars›',
      n: '‹redacted: number›',
      ok: '‹redacted: boolean›',
      none: null,
      list: ['‹redacted: 1 char›', { deep: '‹redacted: 2 chars›' }],
      step: 4,
    });
  });
});
