import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { episodeToJsonLine, type Episode } from '@carb/episodes';
import { runCli } from '../packages/cli/test/runCli.ts';
import { runCliWithStdin } from './helpers/deployFixture.ts';

// Issue 21, "Hostile input", as the commands meet it: ingest, inspect and gate.

const dir = mkdtempSync(join(tmpdir(), 'carb-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOO_DEEP = 'expected JSON nested at most 1000 deep, found deeper';
const nested = (k: number) => `${'{"a":'.repeat(k)}1${'}'.repeat(k)}`;

const episode = (id: string): Episode => ({
  id,
  group: id,
  source: { format: 'jsonl', file: null, model: null, suite: null, userTask: null, injectionTask: null, attack: null },
  request: null,
  steps: [{ index: 0, tool: 'read', args: { q: 1 }, result: 'r', error: null, ok: true }],
  outcome: { taskCompleted: true, completedAtStep: null },
  benchmark: null,
  injections: {},
  flags: { aborted: null, textOnlyCalls: false },
  externalScores: null,
});
const line = (id: string) => episodeToJsonLine(episode(id));

function write(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('arguments nested 5,000 deep: one problem line naming file and record, the run goes on', () => {
  const corpus = write('deep.jsonl', `${line('a')}\n${line('b').replace('"args":{"q":1}', `"args":${nested(5000)}`)}\n${line('c')}\n`);

  it('carb ingest writes the other episodes', async () => {
    const out = join(dir, 'deep-out.jsonl');
    const run = await runCli(['ingest', corpus, '--out', out]);
    expect(run.code, run.err).toBe(0);
    expect(run.errLines).toEqual([`${corpus}: line 2: ${TOO_DEEP}`]);
    expect(run.out).toContain('skipped: too-deep 1');
    expect(
      readFileSync(out, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{"id"'))
        .map((l) => (JSON.parse(l) as Episode).id),
    ).toEqual(['a', 'c']);
  }, 60_000);

  it('carb inspect counts the other episodes', async () => {
    const run = await runCli(['inspect', corpus]);
    expect(run.code, run.err).toBe(0);
    expect(run.errLines).toEqual([`${corpus}: line 2: ${TOO_DEEP}`]);
    expect(run.out).toContain('episodes: 2');
  }, 60_000);

  it('carb gate refuses the event line with one line', async () => {
    const step = (args: string) =>
      JSON.stringify({ index: 0, tool: 'read_file', args: { path: 'x' }, result: 'ok', error: null, ok: true }).replace(
        '{"path":"x"}',
        args,
      );
    const run = await runCliWithStdin(['gate', '--lambda', '.5'], `${step(nested(5000))}\n`);
    expect(run.code).toBe(1);
    expect(run.errLines).toEqual([`carb: stdin: line 1: ${TOO_DEEP}`]);
  }, 60_000);
});

describe('carb gate reads its events as the corpus readers do', () => {
  const step = (over: object) =>
    JSON.stringify({ index: 0, tool: 'read_file', args: { path: 'x' }, result: 'ok', error: null, ok: true, ...over });

  it('a byte order mark before the first event is skipped', async () => {
    const run = await runCliWithStdin(['gate', '--lambda', '1'], `\ufeff${step({})}\n`);
    expect(run.code, run.err).toBe(0);
    expect(run.out.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it("ok contradicting error is refused with the canonical episodes' rule", async () => {
    const run = await runCliWithStdin(['gate', '--lambda', '1'], `${step({ error: 'boom' })}\n`);
    expect(run.errLines).toEqual(['carb: stdin: line 1: /ok: expected false (ok is error === null), found boolean true']);
  }, 60_000);

  it('bytes that are not UTF-8 are refused, not read as U+FFFD', async () => {
    const bytes = Buffer.from(`${step({})}\n`, 'utf8');
    bytes[bytes.indexOf('"x"') + 1] = 0xff;
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(Readable.from([bytes]) as unknown as typeof process.stdin);
    const run = await runCli(['gate', '--lambda', '1']);
    expect(run.errLines).toEqual(['carb: stdin: line 1: expected UTF-8 text, found bytes that are not (invalid UTF-8)']);
    expect(run.out).toBe('');
  }, 60_000);

  it('1e999 is refused, not read as Infinity', async () => {
    const run = await runCliWithStdin(['gate', '--lambda', '1'], `${step({}).replace('"path":"x"', '"n":1e999')}\n`);
    expect(run.errLines).toEqual([
      'carb: stdin: line 1: /args/n: expected a finite number, found one out of range (it parses as Infinity)',
    ]);
  }, 60_000);
});

describe('problem lines are capped per file', () => {
  it('20,000 bad lines print 20 lines and one for the rest; the counts stay exact', async () => {
    const corpus = write('bad.jsonl', `${line('a')}\n${'{"id":\n'.repeat(20000)}`);
    const run = await runCli(['ingest', corpus, '--out', join(dir, 'bad-out.jsonl')]);
    expect(run.code, run.err).toBe(0);
    expect(run.errLines).toHaveLength(21);
    expect(run.errLines[0]).toMatch(new RegExp(`^${corpus.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 2: malformed JSON`));
    expect(run.errLines[20]).toBe(`${corpus}: … and 19,980 more problems like these (20,000 total)`);
    expect(run.out).toContain('skipped: malformed-json 20000');
  }, 60_000);
});

describe('unknown top-level fields', () => {
  it('an AgentDojo api_key is dropped, counted in the summary, and not in the corpus', async () => {
    const log = {
      suite_name: 's',
      pipeline_name: 'p',
      user_task_id: 'u',
      injection_task_id: null,
      attack_type: null,
      injections: {},
      utility: true,
      security: false,
      error: null,
      api_key: 'sk-canary-21',
      messages: [{ role: 'user', content: 'do it' }],
    };
    const file = write('log.json', JSON.stringify(log));
    const out = join(dir, 'log-out.jsonl');
    const run = await runCli(['ingest', file, '--out', out]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('dropped unknown field api_key in 1 record (not copied into the corpus)');
    expect(readFileSync(out, 'utf8')).not.toContain('sk-canary-21');
    expect(readFileSync(out, 'utf8')).not.toContain('api_key');
  }, 60_000);
});
