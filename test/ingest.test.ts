import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { decodeArrow, encodeArrow, encodeJsonl, readCorpus, type CorpusResult } from '@carb/episodes';
import { main } from '../packages/cli/src/main.ts';
import { AGENTDOJO_RUNS, ROOT, describeShared } from './helpers/shared.ts';

const TOOLS = join(ROOT, 'configs/tools/agentdojo.json');
const GPT = 'gpt-4o-2024-05-13';
const CLAUDE = 'claude-3-5-sonnet-20240620';
const LLAMA = 'meta-llama_Llama-3.3-70B-Instruct';

async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => { out += String(s); return true; });
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => { err += String(s); return true; });
  process.exitCode = 0;
  try {
    const code = await main(argv);
    return { code, out, err };
  } finally {
    vi.restoreAllMocks();
  }
}
afterEach(() => { process.exitCode = 0; });

describeShared('AgentDojo shared corpus ingestion', () => {
  let corpus: CorpusResult;
  beforeAll(() => { corpus = readCorpus([AGENTDOJO_RUNS]); });

  it('reads all 2,587 episodes with no problem, per model as in the corpus README', () => {
    expect(corpus.problems).toEqual([]);
    expect(corpus.summary).toMatchObject({ files: 2587, episodes: 2587, skipped: {}, flagged: { aborted: 0, textOnlyCalls: 208 } });
    const byModel: Record<string, number> = {};
    for (const e of corpus.episodes) byModel[e.source.model!] = (byModel[e.source.model!] ?? 0) + 1;
    expect(byModel).toEqual({ [CLAUDE]: 753, [GPT]: 753, [LLAMA]: 1081 });
    expect(new Set(corpus.episodes.map((e) => e.id)).size).toBe(2587);
  });

  it('Llama: 189 attacked episodes with no parsed tool call, all with utility and security false', () => {
    const zero = corpus.episodes.filter((e) => e.source.model === LLAMA && e.source.attack !== null && e.steps.length === 0);
    expect(zero).toHaveLength(189);
    expect(zero.filter((e) => e.source.suite === 'workspace')).toHaveLength(168);
    expect(zero.every((e) => e.benchmark?.utility === false && e.benchmark?.security === false)).toBe(true);
    expect(zero.filter((e) => e.flags.textOnlyCalls)).toHaveLength(189);
  });

  it('keeps tool errors and pairs every result (557 failed calls, 19 calls never executed)', () => {
    const steps = corpus.episodes.flatMap((e) => e.steps);
    expect(steps).toHaveLength(9968);
    expect(steps.filter((s) => !s.ok)).toHaveLength(557 + 19);
    expect(steps.filter((s) => s.error?.startsWith('not executed'))).toHaveLength(19);
  });

  it('JSONL → Arrow → JSONL is byte-identical on the whole corpus', () => {
    const jsonl = encodeJsonl(corpus.episodes);
    const back = decodeArrow(encodeArrow(corpus.episodes), 'corpus.arrow');
    expect(back.problems).toEqual([]);
    expect(encodeJsonl(back.episodes) === jsonl).toBe(true);
  });

  it('carb ingest writes a corpus that reads back identically; carb inspect --json reports the acceptance figures', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-ingest-'));
    const arrow = join(dir, 'c.arrow');
    const ing = await runCli(['ingest', AGENTDOJO_RUNS, '--out', arrow, '--tools', TOOLS]);
    expect(ing.code).toBe(0);
    expect(ing.out).toContain('files read: 2587');
    expect(ing.out).toContain('episodes: 2587\nskipped: none\nflagged: aborted 0, textOnlyCalls 208\nunknown tools: search_files_by_content 1\n');
    const jsonl = join(dir, 'c.jsonl');
    expect((await runCli(['ingest', arrow, '--out', jsonl, '--tools', TOOLS])).code).toBe(0);
    expect(readFileSync(jsonl, 'utf8') === encodeJsonl(corpus.episodes)).toBe(true);

    const ins = await runCli(['inspect', jsonl, '--json', '--tools', TOOLS]);
    expect(ins.code).toBe(0);
    const r = JSON.parse(ins.out);
    expect(r.episodes).toBe(2587);
    expect(Object.fromEntries(Object.entries(r.byModel).map(([m, s]) => [m, (s as { episodes: number }).episodes]))).toEqual({ [CLAUDE]: 753, [GPT]: 753, [LLAMA]: 1081 });
    const g = r.byModelAttack[GPT].important_instructions;
    expect(g.episodes).toBe(629);
    expect(g.attackSuccess.true).toBe(300);
    expect(g.utility.true).toBe(315);
    expect(g.steps.mean).toBeCloseTo(4.51, 2);
    expect(g.steps.max).toBe(20);
    expect(r.byModelAttack[CLAUDE].important_instructions.attackSuccess.true).toBe(213);
    expect(r.byModelAttack[LLAMA].important_instructions).toMatchObject({ episodes: 949, zeroStep: 189, attackSuccess: { true: 219 } });
    expect(r.bySuite.workspace.episodes + r.bySuite.travel.episodes + r.bySuite.banking.episodes + r.bySuite.slack.episodes).toBe(2587);
    expect(r.byAttack.none.attackSuccess.rate).toBeNull();
    expect(r.unknownTools).toEqual({ search_files_by_content: 1 });
    expect(r.overall.flagged).toEqual({ aborted: 0, textOnlyCalls: 208 });
    expect(r.labels).toBeNull();
    expect(r.corpus).toMatchObject({ files: 1, episodes: 2587, problems: 0 });
  });

  it('exit codes: non-zero when nothing could be read, and on any problem with --strict', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-ingest-'));
    const fixtures = join(ROOT, 'packages/episodes/test/fixtures');
    const none = await runCli(['ingest', join(fixtures, 'bad'), '--out', join(dir, 'x.jsonl'), '--tools', TOOLS]);
    expect(none.code).not.toBe(0);
    expect(none.err.split('\n').filter((l) => l.includes('/bad/'))).toHaveLength(4);
    const some = await runCli(['ingest', join(fixtures, 'bad'), join(fixtures, 'runs'), '--out', join(dir, 'y.jsonl'), '--tools', TOOLS]);
    expect(some.code).toBe(0);
    expect(some.out).toContain('skipped: malformed-json 1, missing-key 1, unpaired-result 1, wrong-type 1');
    expect(some.out).toContain('unknown tools: made_up_tool 1');
    const strict = await runCli(['ingest', join(fixtures, 'bad'), join(fixtures, 'runs'), '--out', join(dir, 'z.jsonl'), '--strict', '--tools', TOOLS]);
    expect(strict.code).not.toBe(0);
    expect(readCorpus([dir]).summary.episodes).toBe(5);
  });
});
