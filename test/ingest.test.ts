import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeArrow,
  encodeArrow,
  encodeCorpusJsonl,
  encodeJsonl,
  readCorpus,
  type CorpusResult,
  type InspectReport,
} from '@carb/episodes';
import { runCli } from '../packages/cli/test/runCli.ts';
import { AGENTDOJO_RUNS, ROOT, describeShared } from './helpers/shared.ts';

const TOOLS = join(ROOT, 'configs/tools/agentdojo.json');
const GPT = 'gpt-4o-2024-05-13';
const CLAUDE = 'claude-3-5-sonnet-20240620';
const LLAMA = 'meta-llama_Llama-3.3-70B-Instruct';

afterEach(() => {
  process.exitCode = 0;
});

describeShared('AgentDojo shared corpus ingestion', () => {
  let corpus: CorpusResult;
  beforeAll(() => {
    corpus = readCorpus([AGENTDOJO_RUNS]);
  });

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
    expect(zero.every((e) => e.benchmark?.utility === false && e.benchmark.security === false)).toBe(true);
    expect(zero.filter((e) => e.flags.textOnlyCalls)).toHaveLength(189);
  });

  it('keeps tool errors and pairs every result (557 failed calls, 19 calls never executed)', () => {
    const steps = corpus.episodes.flatMap((e) => e.steps);
    expect(steps).toHaveLength(9968);
    expect(steps.filter((s) => !s.ok)).toHaveLength(557 + 19);
    expect(steps.filter((s) => s.error?.startsWith('not executed'))).toHaveLength(19);
  });

  it('every episode carries its user request, the same for all attacked runs of a user task whatever the outcome', () => {
    // each log has exactly one user message (read with a script over the files)
    expect(corpus.episodes.filter((e) => typeof e.request === 'string' && e.request !== '')).toHaveLength(2587);
    // attacked: 2,207 runs in 291 (model, suite, user task) groups, one request text each, although in 185 of the
    // groups security differs between runs: the request names no injection task and no outcome
    const texts = new Map<string, Set<string>>();
    const security = new Map<string, Set<unknown>>();
    for (const e of corpus.episodes) {
      if (e.source.attack === null) continue;
      const k = `${String(e.source.model)}/${String(e.source.suite)}/${String(e.source.userTask)}`;
      if (!texts.has(k)) {
        texts.set(k, new Set());
        security.set(k, new Set());
      }
      texts.get(k)!.add(e.request!);
      security.get(k)!.add(e.benchmark?.security);
      for (const inj of Object.values(e.injections)) if (inj.trim() !== '') expect(e.request!.includes(inj)).toBe(false);
    }
    expect(texts.size).toBe(291);
    expect([...texts.values()].every((t) => t.size === 1)).toBe(true);
    expect([...security.values()].filter((v) => v.size > 1)).toHaveLength(185);
  });

  it('JSONL → Arrow → JSONL is byte-identical on the whole corpus', () => {
    const jsonl = encodeJsonl(corpus.episodes);
    const back = decodeArrow(encodeArrow(corpus.episodes), 'corpus.arrow');
    expect(back.problems).toEqual([]);
    expect(encodeJsonl(back.episodes) === jsonl).toBe(true);
  }, 60_000);

  it('carb ingest writes a corpus that reads back identically; carb inspect --json reports the acceptance figures', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-ingest-'));
    const arrow = join(dir, 'c.arrow');
    const ing = await runCli(['ingest', AGENTDOJO_RUNS, '--out', arrow, '--tools', TOOLS]);
    expect(ing.code).toBe(0);
    expect(ing.out).toContain('files read: 2587');
    expect(ing.out).toContain(
      'episodes: 2587\nskipped: none\nflagged: aborted 0, textOnlyCalls 208\nunknown tools: search_files_by_content 1\n',
    );
    const jsonl = join(dir, 'c.jsonl');
    expect((await runCli(['ingest', arrow, '--out', jsonl, '--tools', TOOLS])).code).toBe(0);
    expect(readFileSync(jsonl, 'utf8') === encodeCorpusJsonl(corpus.episodes)).toBe(true);

    const ins = await runCli(['inspect', jsonl, '--json', '--tools', TOOLS]);
    expect(ins.code).toBe(0);
    const r = JSON.parse(ins.out) as InspectReport & { corpus: { files: number; episodes: number; problems: number } };
    expect(r.episodes).toBe(2587);
    expect(Object.fromEntries(Object.entries(r.byModel).map(([m, s]) => [m, s.episodes]))).toEqual({
      [CLAUDE]: 753,
      [GPT]: 753,
      [LLAMA]: 1081,
    });
    const g = r.byModelAttack[GPT]!.important_instructions!;
    expect(g.episodes).toBe(629);
    expect(g.attackSuccess.true).toBe(300);
    expect(g.utility.true).toBe(315);
    // 2,838 tool calls in the assistant messages of those 629 run files, counted from the raw JSON with plain code
    // (python3: sum(len(m['tool_calls'] or []) for m in messages if m['role'] == 'assistant')): mean 2838/629 ≈ 4.51
    expect(g.steps.total).toBe(2838);
    expect(g.steps.mean).toBe(2838 / 629);
    expect(g.steps.max).toBe(20);
    expect(r.byModelAttack[CLAUDE]!.important_instructions!.attackSuccess.true).toBe(213);
    expect(r.byModelAttack[LLAMA]!.important_instructions!).toMatchObject({ episodes: 949, zeroStep: 189, attackSuccess: { true: 219 } });
    expect(r.bySuite.workspace!.episodes + r.bySuite.travel!.episodes + r.bySuite.banking!.episodes + r.bySuite.slack!.episodes).toBe(2587);
    expect(r.byAttack.none!.attackSuccess.rate).toBeNull();
    expect(r.unknownTools).toEqual({ search_files_by_content: 1 });
    expect(r.overall.flagged).toEqual({ aborted: 0, textOnlyCalls: 208 });
    expect(r.labels).toBeNull();
    expect(r.corpus).toMatchObject({ files: 1, episodes: 2587, problems: 0 });
  }, 120_000);

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
    const strict = await runCli([
      'ingest',
      join(fixtures, 'bad'),
      join(fixtures, 'runs'),
      '--out',
      join(dir, 'z.jsonl'),
      '--strict',
      '--tools',
      TOOLS,
    ]);
    expect(strict.code).not.toBe(0);
    expect(readCorpus([dir]).summary.episodes).toBe(5);
  }, 120_000);
});

describe('corpus digest of what carb ingest writes (bundled corpora)', () => {
  const BUNDLED = join(ROOT, 'corpora/ces-near-miss.jsonl');
  const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

  it('JSONL → Arrow → JSONL through carb ingest is byte-identical, and the digest does not depend on the path written to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-digest-'));
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b/c'), { recursive: true });
    const [x, y, z1, z2, w] = [
      join(dir, 'a/x.jsonl'),
      join(dir, 'b/c/other-name.jsonl'),
      join(dir, 'a/z.arrow'),
      join(dir, 'b/zz.arrow'),
      join(dir, 'w.jsonl'),
    ];
    for (const [from, to] of [
      [BUNDLED, x],
      [BUNDLED, y],
      [x, z1],
      [y, z2],
      [z1, w],
    ] as const) {
      const r = await runCli(['ingest', from, '--out', to, '--tools', join(ROOT, 'configs/tools/suites.json')]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
    }
    const body = readFileSync(BUNDLED, 'utf8');
    // The bundled file is plain canonical JSONL: its own SHA-256 is the corpus digest.
    expect(readFileSync(x, 'utf8')).toBe(`{"carbCorpus":1,"episodes":320,"sha256":"${sha(body)}"}\n${body}`);
    expect(readFileSync(y, 'utf8')).toBe(readFileSync(x, 'utf8'));
    expect(readFileSync(w, 'utf8')).toBe(readFileSync(x, 'utf8'));
    expect(readFileSync(z2).equals(readFileSync(z1))).toBe(true);
  }, 120_000);

  it('a damaged .arrow or an edited .jsonl: one line naming the file, exit 1, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-digest-'));
    const arrow = join(dir, 'c.arrow');
    expect((await runCli(['ingest', BUNDLED, '--out', arrow, '--tools', join(ROOT, 'configs/tools/suites.json')])).code).toBe(0);
    const damaged = readFileSync(arrow);
    damaged.fill(0x41, Math.floor(damaged.length / 2), Math.floor(damaged.length / 2) + 300);
    writeFileSync(arrow, damaged);
    const a = await runCli(['ingest', arrow, '--out', join(dir, 'out.jsonl'), '--tools', join(ROOT, 'configs/tools/suites.json')]);
    expect(a.code).toBe(1);
    const lines = a.err.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^${arrow.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: corpus digest: expected sha256 [0-9a-f]{64} of the file bytes, found [0-9a-f]{64} \\(file altered after carb wrote it\\)$`,
      ),
    );
    expect(lines.slice(1)).toEqual([`carb: nothing could be read from ${arrow}`]);
    expect(existsSync(join(dir, 'out.jsonl'))).toBe(false);

    const jsonl = join(dir, 'c.jsonl');
    const text = encodeCorpusJsonl(readCorpus([BUNDLED]).episodes).replace('"ok":true', '"ok":false');
    writeFileSync(jsonl, text);
    const j = await runCli(['ingest', jsonl, '--out', join(dir, 'out.arrow'), '--tools', join(ROOT, 'configs/tools/suites.json')]);
    expect(j.code).toBe(1);
    const expected = (JSON.parse(text.slice(0, text.indexOf('\n'))) as { sha256: string }).sha256;
    expect(j.err.split('\n')[0]).toBe(
      `${jsonl}: corpus digest: expected sha256 ${expected}, found ${sha(text.slice(text.indexOf('\n') + 1))} (file altered after carb wrote it)`,
    );
    expect(existsSync(join(dir, 'out.arrow'))).toBe(false);
  }, 120_000);
});
