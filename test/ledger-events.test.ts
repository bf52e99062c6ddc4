import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCorpus, type Episode } from '@carb/episodes';
import { emptyFirstSteps, externalFirstSteps, ledgerLoss, parseLedgerEvents, unionFirstSteps, type LedgerTrace } from '@carb/ledger';
import { configComponentHashes, defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { breakpointTable, mergeLedgerRow } from '@carb/replay';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

const CES = resolve(ROOT, 'corpora/ces-clean.jsonl');
const scratch = mkdtempSync(join(tmpdir(), 'carb-ledger-events-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const file = (lines: readonly string[]) => {
  const f = join(scratch, `events-${++n}.jsonl`);
  writeFileSync(f, lines.map((l) => `${l}\n`).join(''));
  return f;
};
const fresh = () => join(scratch, `out-${++n}`);
const cesIds = readCorpus([CES], { format: 'auto' }).episodes.map((e) => e.id);
const firstId = cesIds[0]!;

describe('external ledger file: one problem line per refused line, naming file:line', () => {
  it('malformed JSON, wrong shape, unknown category, negative step and a repeated id are refused; good lines kept', () => {
    const text = [
      '{"id":"a","events":[{"step":1,"category":"financial","source":"review"}]}',
      '{"id":"b","events":[',
      '{"id":"c","events":[{"step":0,"category":"harm"}]}',
      '{"id":"d","events":[{"step":-1,"category":"social"}]}',
      '',
      '{"id":"a","events":[]}',
      '{"id":"e","events":[{"step":2,"category":"my_cat","note":"judge says so"}]}',
      '{"id":"f","labels":[]}',
    ].join('\n');
    const { byId, problems } = parseLedgerEvents(text, 'ev.jsonl', ['my_cat']);
    expect([...byId.keys()]).toEqual(['a', 'e']);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/^ev\.jsonl:2: expected one JSON object per line, found malformed JSON/);
    expect(problems[1]).toBe(
      'ev.jsonl:3: /events/0/category: expected one of privacy_flow, financial, irreversible, social, security_event, my_cat, found string "harm"',
    );
    expect(problems[2]).toBe('ev.jsonl:4: /events/0/step: expected a 0-based step index (integer ≥ 0), found number -1');
    expect(problems[3]).toBe('ev.jsonl:6: expected one line per episode, found a second line for id "a" (first at line 1)');
    expect(problems[4]).toBe(
      'ev.jsonl:8: /events: expected an array of {step, category, source?, note?}, found nothing; /labels: unknown key (an array (length 0)); expected one of "id", "events"',
    );
    for (const p of problems) expect(p).not.toContain('\n');
  });

  it('a line is checked against configs/schema/ledger-events.schema.json: all its problems on its one problem line', () => {
    const { byId, problems } = parseLedgerEvents('{"id":"","events":[{"step":-1,"category":"social","note":3}]}', 'ev.jsonl');
    expect(byId.size).toBe(0);
    expect(problems).toEqual([
      'ev.jsonl:1: /id: expected a non-empty episode id string, found string ""; /events/0/step: expected a 0-based step index (integer ≥ 0), found number -1; /events/0/note: expected a string, found number 3',
    ]);
  });

  it('a step beyond the episode is refused against its step count', () => {
    const { byId } = parseLedgerEvents('{"id":"a","events":[{"step":4,"category":"social"}]}', 'ev.jsonl');
    expect(externalFirstSteps(byId.get('a')!, 4, 'ev.jsonl')).toBe(
      'ev.jsonl:1: /events/0/step: expected a step of episode "a" (0 to 3), found 4',
    );
    expect(typeof externalFirstSteps(byId.get('a')!, 5, 'ev.jsonl')).toBe('object');
  });
});

describe('union ledger: a category fires when either source does, at the earlier first step', () => {
  // hand-made: built-in fires financial at 3 and social at 5; the file says financial at 1, privacy_flow at 4, my_cat at 2
  const builtin = { ...emptyFirstSteps(['my_cat']), firstStep: { ...emptyFirstSteps().firstStep, financial: 3, social: 5 } };
  const { byId } = parseLedgerEvents(
    '{"id":"x","events":[{"step":4,"category":"privacy_flow"},{"step":1,"category":"financial"},{"step":2,"category":"my_cat"},{"step":6,"category":"financial"}]}',
    'f',
    ['my_cat'],
  );
  const external = externalFirstSteps(byId.get('x')!, 8, 'f', ['my_cat']);
  if (typeof external === 'string') throw new Error(external);
  const union = unionFirstSteps(builtin, external);

  it('first steps are the per-category minimum', () => {
    expect(union.firstStep).toEqual({ privacy_flow: 4, financial: 1, irreversible: -1, social: 5, security_event: -1 });
    expect(union.customFirstStep).toEqual({ my_cat: 2 });
  });

  it('custom categories count in the union loss, not in the graded /5', () => {
    const trace: LedgerTrace = { ...union, events: [] };
    // prefix of 2 steps (0, 1): financial fired at 1 → union 1, graded 1/5
    expect([ledgerLoss(trace, 2, 'union'), ledgerLoss(trace, 2, 'graded')]).toEqual([1, 1 / 5]);
    const customOnly: LedgerTrace = { firstStep: emptyFirstSteps().firstStep, customFirstStep: { my_cat: 2 }, events: [] };
    expect([2, 3].map((p) => ledgerLoss(customOnly, p, 'union'))).toEqual([0, 1]);
    expect(ledgerLoss(customOnly, 8, 'graded')).toBe(0);
  });

  it('a breakpoint row merged with the external steps starts each loss where its earlier step first executes', () => {
    // one episode of 8 steps; step t is first allowed at grid index 10 + 10·t (G = 102 on the default grid)
    const pipeline = loadPipeline(defaultPipelinePath());
    const steps = Array.from({ length: 8 }, (_, t) => ({ index: t, tool: 'x', args: {}, result: '', error: null, ok: true }));
    const episode = { id: 'x', group: 'x', steps, outcome: { taskCompleted: false, completedAtStep: null } } as unknown as Episode;
    const allowFrom = steps.map((_, t) => 10 + 10 * t);
    const table = breakpointTable(
      'graph',
      pipeline.grid,
      [episode],
      [{ allowFrom, contextSize: steps.map(() => 1) }],
      [{ ...builtin, events: [] }],
    );
    expect([table.lossFrom.financial[0], table.unionFirstStep[0], table.unionLossFrom[0]]).toEqual([40, 3, 40]);
    mergeLedgerRow(table, 0, external, true);
    expect([table.lossFrom.financial[0], table.lossFrom.privacy_flow[0], table.lossFrom.social[0]]).toEqual([20, 50, 60]);
    expect([table.unionFirstStep[0], table.unionLossFrom[0]]).toEqual([1, 20]);
    // external alone: the built-in social event is gone, the union starts at the file's first step
    mergeLedgerRow(table, 0, { firstStep: { ...emptyFirstSteps().firstStep, irreversible: 7 } }, false);
    expect([table.lossFrom.financial[0], table.lossFrom.social[0], table.lossFrom.irreversible[0], table.unionLossFrom[0]]).toEqual([
      table.G,
      table.G,
      80,
      80,
    ]);
  });
});

describe('carb calibrate --ledger external: bad input is one line, exit code, nothing written', () => {
  const base = (out: string) => ['calibrate', CES, '--splits', '2', '--no-frontier', '--workers', '1', '--out', out];
  const usage: Array<[string, string[], string]> = [
    [
      '--ledger external without --ledger-events',
      ['--ledger', 'external', '--unlabelled', 'exclude'],
      '--ledger-events: expected an events file with --ledger external',
    ],
    [
      '--ledger union without --unlabelled',
      ['--ledger', 'union', '--ledger-events', 'EV'],
      '--unlabelled: expected exclude or clean with --ledger union',
    ],
    [
      '--ledger-events without --ledger',
      ['--ledger-events', 'EV', '--unlabelled', 'clean'],
      '--ledger: expected external or union with --ledger-events',
    ],
    ['--unlabelled with builtin', ['--unlabelled', 'clean'], '--unlabelled: expected only with --ledger external or union'],
    ['a bad --unlabelled', ['--ledger', 'external', '--ledger-events', 'EV', '--unlabelled', 'skip'], '--unlabelled'],
  ];
  for (const [name, extra, start] of usage) {
    it(`${name}: usage error (exit 2)`, async () => {
      const out = fresh();
      const ev = file([`{"id":"${firstId}","events":[]}`]);
      const r = await runCli([...base(out), ...extra.map((a) => (a === 'EV' ? ev : a))]);
      expect(r.code).toBe(2);
      expect(r.errLines).toHaveLength(1);
      expect(r.errLines[0]).toContain(start);
      expect(existsSync(out)).toBe(false);
    }, 120_000);
  }

  const data: Array<[string, string[], RegExp]> = [
    ['malformed JSON', [`{"id":"${firstId}","events":[]}`, '{"id":'], /:2: expected one JSON object per line, found malformed JSON/],
    [
      'unknown category',
      [`{"id":"${firstId}","events":[{"step":0,"category":"harm"}]}`],
      /:1: \/events\/0\/category: expected one of privacy_flow, .*, found string "harm"$/,
    ],
    [
      'duplicate line',
      [`{"id":"${firstId}","events":[]}`, `{"id":"${firstId}","events":[]}`],
      /:2: expected one line per episode, found a second line for id ".*" \(first at line 1\)$/,
    ],
    [
      'unknown id',
      [`{"id":"${firstId}","events":[]}`, '{"id":"no-such-episode","events":[]}'],
      /:2: \/id: expected the id of an episode in the corpus, found "no-such-episode"$/,
    ],
    [
      'step out of range',
      [`{"id":"${firstId}","events":[{"step":999,"category":"social"}]}`],
      /:1: \/events\/0\/step: expected a step of episode ".*" \(0 to \d+\), found 999$/,
    ],
  ];
  for (const [name, lines, line] of data) {
    it(`${name}: one line naming file:line; with --strict exit 1 and nothing written`, async () => {
      const ev = file(lines);
      const out = fresh();
      const r = await runCli([...base(out), '--ledger', 'union', '--ledger-events', ev, '--unlabelled', 'clean', '--strict']);
      expect(r.code).toBe(1);
      const hits = r.errLines.filter((l) => l.startsWith(`${ev}:`));
      expect(hits).toHaveLength(1);
      expect(hits[0]).toMatch(line);
      expect(r.errLines.at(-1)).toContain(`1 problem(s) in ${ev} (--strict)`);
      expect(existsSync(out)).toBe(false);
    }, 120_000);
  }

  it('without --strict a refused line is reported, counted, and its episode is unlabelled', async () => {
    const ev = file([
      `{"id":"${firstId}","events":[{"step":999,"category":"social"}]}`,
      ...cesIds.slice(1).map((id) => `{"id":"${id}","events":[]}`),
    ]);
    const out = fresh();
    const r = await runCli([...base(out), '--ledger', 'external', '--ledger-events', ev, '--unlabelled', 'exclude']);
    expect(r.code).toBe(0);
    expect(r.errLines.filter((l) => l.startsWith(`${ev}:1:`))).toHaveLength(1);
    expect(r.err).toContain(`carb: 1 line(s) of ${ev} left out`);
    expect(r.err).toContain(`carb: 1 episode(s) without a line in ${ev}: excluded (--unlabelled exclude)`);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { corpus: { episodes: number } };
    expect(manifest.corpus.episodes).toBe(cesIds.length - 1);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('no ledger events line');
  }, 120_000);
});

describe('the ledger source is pinned in the pipeline hash', () => {
  const hashOf = async (extra: string[]) => {
    const out = fresh();
    const r = await runCli([
      'calibrate',
      CES,
      '--splits',
      '1',
      '--no-frontier',
      '--workers',
      '1',
      '--methods',
      'g-carb',
      '--out',
      out,
      ...extra,
    ]);
    expect(r.code, r.err).toBe(0);
    return (JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { components: Record<string, string> }).components;
  };
  it('the events file digest and the mode change the ledger component only', async () => {
    const a = file(cesIds.map((id) => `{"id":"${id}","events":[]}`));
    const b = file(cesIds.map((id, i) => `{"id":"${id}","events":[]}${i === 0 ? ' ' : ''}`));
    const builtin = await hashOf([]);
    const ext = await hashOf(['--ledger', 'external', '--ledger-events', a, '--unlabelled', 'clean']);
    const extB = await hashOf(['--ledger', 'external', '--ledger-events', b, '--unlabelled', 'clean']);
    const union = await hashOf(['--ledger', 'union', '--ledger-events', a, '--unlabelled', 'clean']);
    expect(new Set([builtin.ledger, ext.ledger, extB.ledger, union.ledger]).size).toBe(4);
    for (const k of ['toolTyping', 'graph', 'scorer', 'selector', 'corpus'])
      expect(new Set([builtin[k], ext[k], extB[k], union[k]]).size).toBe(1);
  }, 120_000);

  it('a run’s pipeline.json loads back with the manifest’s components, and is refused without the file it pins', async () => {
    const ev = file(cesIds.map((id, i) => `{"id":"${id}","events":${i === 0 ? '[{"step":0,"category":"social"}]' : '[]'}}`));
    const out = fresh();
    const flags = ['--ledger', 'union', '--ledger-events', ev, '--unlabelled', 'exclude'];
    expect(
      (await runCli(['calibrate', CES, '--splits', '1', '--no-frontier', '--workers', '1', '--methods', 'g-carb', '--out', out, ...flags]))
        .code,
    ).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      pipelineHash: string;
      components: Record<string, string>;
    };
    const saved = loadPipeline(join(out, 'pipeline.json'));
    expect(saved.ledger.source).toEqual({
      mode: 'union',
      eventsSha256: createHash('sha256').update(readFileSync(ev)).digest('hex'),
      unlabelled: 'exclude',
    });
    expect(configComponentHashes(saved)).toEqual(
      Object.fromEntries(Object.entries(manifest.components).filter(([k]) => k in configComponentHashes(saved))),
    );
    const again = fresh();
    const bare = await runCli([
      'calibrate',
      CES,
      '--pipeline',
      join(out, 'pipeline.json'),
      '--splits',
      '1',
      '--no-frontier',
      '--out',
      again,
    ]);
    expect([bare.code, bare.errLines]).toEqual([
      2,
      ['carb: --ledger: expected union with --ledger-events (the pipeline pins ledger.source), found builtin'],
    ]);
    expect(existsSync(again)).toBe(false);
    const same = await runCli([
      'calibrate',
      CES,
      '--pipeline',
      join(out, 'pipeline.json'),
      '--splits',
      '1',
      '--no-frontier',
      '--workers',
      '1',
      '--methods',
      'g-carb',
      '--out',
      again,
      ...flags,
    ]);
    expect(same.out).toContain(`pipeline hash ${manifest.pipelineHash}`);
  }, 120_000);
});
