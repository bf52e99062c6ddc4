import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { readCorpus } from '@carb/episodes';
import { loadToolTyping, toolTypes } from '@carb/pipeline';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT, SHARED, describeShared } from './helpers/shared.ts';

const TAU2 = resolve(SHARED, 'corpora/tau2-airline');
const SONNET = join(TAU2, 'trajectories/leaderboard-pr/claude-sonnet-4-5_aide_airline_50sims.json');
const TYPING = join(ROOT, 'configs/tools/tau2-airline.json');

afterEach(() => {
  process.exitCode = 0;
});

describeShared('carb ingest of tau2 / tau-bench airline logs', () => {
  it('a tau2 Results file end to end: 50 episodes (jq .simulations|length), every tool typed, read back intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-tau2-'));
    const out = join(dir, 'sonnet.jsonl');
    const r = await runCli(['ingest', SONNET, '--out', out, '--tools', TYPING]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('episodes: 50\n');
    expect(r.out).toContain('unknown tools: none');
    const back = readCorpus([out]);
    expect(back.problems).toEqual([]);
    expect(back.episodes).toEqual(readCorpus([SONNET]).episodes);
    // 36 simulations with db_match true (corpus README table)
    expect(back.episodes.filter((e) => e.outcome.taskCompleted)).toHaveLength(36);
  }, 120_000);

  it('tau2 → Arrow → JSONL through carb ingest is byte-identical to tau2 → JSONL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-tau2-'));
    const [arrow, viaArrow, direct] = [join(dir, 'a.arrow'), join(dir, 'b.jsonl'), join(dir, 'c.jsonl')];
    for (const [from, to] of [
      [SONNET, arrow],
      [arrow, viaArrow],
      [SONNET, direct],
    ] as const) {
      expect((await runCli(['ingest', from, '--out', to, '--tools', TYPING])).code).toBe(0);
    }
    expect(readFileSync(viaArrow)).toEqual(readFileSync(direct));
  }, 120_000);

  it('--format tau2 on a directory reads only its tau2 logs; --format tau-bench the v1 records', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-tau2-'));
    const a = await runCli(['ingest', join(TAU2, 'trajectories'), '--format', 'tau2', '--out', join(dir, 'a.jsonl'), '--tools', TYPING]);
    expect(a.code).toBe(0);
    expect(a.out).toContain('episodes: 140\n'); // 50 + 20 + 20 + 50 simulations (corpus README)
    const b = await runCli([
      'ingest',
      join(TAU2, 'tau-bench-v1/gpt-4o-airline.json'),
      '--format',
      'tau-bench',
      '--out',
      join(dir, 'b.jsonl'),
      '--tools',
      TYPING,
    ]);
    expect(b.code).toBe(0);
    expect(b.out).toContain('episodes: 200\n'); // 50 tasks × 4 trials (corpus README)
    expect(b.out).toContain('unknown tools: none');
  }, 120_000);

  it('a JSON file of no known format: the one unrecognized-format line, non-zero exit, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-tau2-'));
    const out = join(dir, 'x.jsonl');
    const r = await runCli(['ingest', join(TAU2, 'tools.json'), '--out', out]);
    expect(r.code).not.toBe(0);
    expect(r.errLines[0]).toBe(
      `${join(TAU2, 'tools.json')}: unrecognized format: expected one of agentdojo, tau2, tau-bench, openai-chat, jsonl, arrow`,
    );
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('configs/tools/tau2-airline.json types every airline tool of tools.json; mutating tools are never plain read', () => {
    const typing = loadToolTyping(TYPING);
    const tools = JSON.parse(readFileSync(join(TAU2, 'tools.json'), 'utf8')) as { name: string; mutating: boolean }[];
    expect(tools).toHaveLength(14);
    for (const t of tools) {
      const types = toolTypes(typing, t.name);
      expect(types.length, t.name).toBeGreaterThan(0);
      if (t.mutating) expect(types.includes('read'), t.name).toBe(false);
    }
    expect(
      tools
        .filter((t) => t.mutating)
        .map((t) => t.name)
        .sort(),
    ).toEqual([
      'book_reservation',
      'cancel_reservation',
      'send_certificate',
      'update_reservation_baggages',
      'update_reservation_flights',
      'update_reservation_passengers',
    ]);
  });
});
