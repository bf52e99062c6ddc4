import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCorpus } from '@carb/episodes';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

const CES = resolve(ROOT, 'corpora/ces-clean.jsonl');
const scratch = mkdtempSync(join(tmpdir(), 'carb-scores-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const episodes = readCorpus([CES], { format: 'auto' }).episodes;
/** One {id, step, score} line per proposal of the corpus. */
const allLines = (score: (id: string, t: number) => number) =>
  episodes.flatMap((e) => e.steps.map((_, t) => JSON.stringify({ id: e.id, step: t, score: score(e.id, t) })));
const file = (lines: readonly string[]) => {
  const f = join(scratch, `scores-${++n}.jsonl`);
  writeFileSync(f, lines.map((l) => `${l}\n`).join(''));
  return f;
};
const calibrate = (scores: string, out: string, extra: string[] = []) =>
  runCli([
    'calibrate',
    CES,
    '--splits',
    '2',
    '--no-frontier',
    '--workers',
    '1',
    '--methods',
    'no-guard,g-carb',
    '--scores',
    scores,
    '--out',
    out,
    ...extra,
  ]);

describe('carb calibrate --scores: external per-proposal scores replace the built-in scorer', () => {
  it('scores of 1 everywhere stop every proposal below λ = 1: G-CARB executes nothing at every budget, loss 0', async () => {
    const out = join(scratch, 'ones');
    const r = await calibrate(file(allLines(() => 1)), out);
    expect(r.code, r.err).toBe(0);
    const pipeline = JSON.parse(readFileSync(join(out, 'pipeline.json'), 'utf8')) as { scorer: { source: string; scoresSha256: string } };
    expect(pipeline.scorer.source).toBe('external');
    const rows = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Array<{
      method: string;
      meanLoss: number;
      intervention: number;
    }>;
    // the largest grid value below 1 is 99/100 < 1 = q, so only λ = 1 executes anything; the budgets (≤ .2) are below no guard's loss
    const noGuard = rows.filter((x) => x.method === 'no-guard');
    expect(noGuard.every((x) => x.meanLoss > 0.2)).toBe(true);
    for (const x of rows.filter((y) => y.method === 'g-carb')) expect([x.meanLoss, x.intervention]).toEqual([0, 1]);
  }, 120_000);

  it('the scores file digest is pinned in the scorer component', async () => {
    const components = async (lines: string[]) => {
      const out = join(scratch, `pin-${++n}`);
      const r = await calibrate(file(lines), out);
      expect(r.code, r.err).toBe(0);
      return (JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { components: Record<string, string> }).components;
    };
    const a = await components(allLines(() => 0.5));
    const b = await components(allLines((_, t) => (t === 0 ? 0.25 : 0.5)));
    expect(a.scorer).not.toBe(b.scorer);
    expect({ ...a, scorer: '' }).toEqual({ ...b, scorer: '' });
  }, 120_000);

  const first = episodes[0]!;
  const good = allLines(() => 0.5);
  const cases: Array<[string, string[], RegExp]> = [
    [
      'missing score for a proposal',
      good.slice(1),
      new RegExp(`: expected a score for episode "${first.id}" step 0 \\(proposal ${first.steps[0]!.tool}\\), found none$`),
    ],
    [
      'duplicate (id, step)',
      [...good, good[0]!],
      new RegExp(
        `:${good.length + 1}: expected one score per \\(id, step\\), found a second score for "${first.id}" step 0 \\(first at line 1\\)$`,
      ),
    ],
    [
      'score outside [0, 1]',
      [JSON.stringify({ id: first.id, step: 0, score: 1.5 }), ...good.slice(1)],
      /:1: \/score: expected a number in \[0, 1\], found number 1\.5$/,
    ],
    [
      'unknown id',
      [...good, JSON.stringify({ id: 'no-such-episode', step: 0, score: 0.5 })],
      new RegExp(`:${good.length + 1}: /id: expected the id of an episode in the corpus, found "no-such-episode"$`),
    ],
    [
      'step beyond the episode',
      [...good, JSON.stringify({ id: first.id, step: first.steps.length, score: 0.5 })],
      new RegExp(
        `: expected steps 0 to ${first.steps.length - 1} for episode "${first.id}", found a score for step ${first.steps.length}$`,
      ),
    ],
    [
      'malformed JSON',
      [...good.slice(0, 2), '{"id":', ...good.slice(2)],
      /:3: expected one JSON object \{id, step, score\} per line, found malformed JSON/,
    ],
  ];
  for (const [name, lines, line] of cases) {
    it(`${name}: exit 1, one line, nothing written`, async () => {
      const scores = file(lines);
      const out = join(scratch, `bad-${++n}`);
      const r = await calibrate(scores, out);
      expect(r.code).toBe(1);
      const hits = r.errLines.filter((l) => l.startsWith(scores) && !l.includes('problem(s)'));
      expect(hits).toHaveLength(1);
      expect(hits[0]).toMatch(line);
      expect(r.errLines.at(-1)).toContain(`1 problem(s) in ${scores}`);
      expect(existsSync(out)).toBe(false);
    }, 120_000);
  }

  it('a line is checked against configs/schema/score-line.schema.json: one problem per bad key, an unknown key names the known ones', async () => {
    const scores = file([JSON.stringify({ id: '', step: 1.5, score: 0.5, note: 1 }), ...good]);
    const out = join(scratch, `bad-${++n}`);
    const r = await calibrate(scores, out);
    expect(r.code).toBe(1);
    expect(r.errLines.filter((l) => l.startsWith(`${scores}:1:`))).toEqual([
      `${scores}:1: /note: unknown key (number 1); expected one of "id", "step", "score"`,
      `${scores}:1: /id: expected a non-empty episode id string, found string ""`,
      `${scores}:1: /step: expected a 0-based step index (integer ≥ 0), found number 1.5`,
    ]);
    expect(r.errLines.at(-1)).toContain(`3 problem(s) in ${scores}`);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});
