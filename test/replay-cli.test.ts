import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SELECTOR_KINDS } from '@carb/pipeline';
import { breakpointTablesFromArrow, denseFromBreakpoints, gridMeans, ledgerTraces, replayCorpus } from '@carb/replay';
import { runCli } from '../packages/cli/test/runCli.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';
import { ROOT } from './helpers/shared.ts';

const CORPUS = join(ROOT, 'corpora/ces-near-miss.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'carb-replay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('carb replay --out: breakpoint tables of every requested selector', () => {
  it('all five selectors: one table each, expanding to the dense single-selector replay', async () => {
    // worker counts are checked on the library (replay-fused.test.ts): 320 episodes replay in this thread anyway
    const one = join(dir, 'w1.arrow');
    expect((await runCli(['replay', CORPUS, '--selector', 'all', '--workers', '1', '--out', one])).code).toBe(0);
    const tables = breakpointTablesFromArrow(readFileSync(one), one);
    expect(tables.map((t) => t.method)).toEqual([...SELECTOR_KINDS]);
    const episodes = bundledEpisodes('ces-near-miss');
    const pipeline = defaultPipeline();
    const traces = ledgerTraces(episodes, pipeline);
    expect(tables.every((t) => t.n === episodes.length)).toBe(true);
    // the fused pass itself is checked per selector in replay-fused.test.ts; here the CLI's plumbing, on one of them
    for (const t of [tables[4]!]) {
      expect(denseFromBreakpoints(t)).toEqual(
        replayCorpus(episodes, { ...pipeline, selector: { ...pipeline.selector, kind: t.method as never } }, { traces }),
      );
    }
  }, 120_000);

  it('a comma list and a repeated flag name the same selectors; --json gives one summary per selector', async () => {
    const a = await runCli(['replay', CORPUS, '--selector', 'graph,current', '--workers', '1', '--json']);
    const b = await runCli(['replay', CORPUS, '--selector', 'graph', '--selector', 'current', '--workers', '1', '--json']);
    expect(a.code).toBe(0);
    expect(b.out).toBe(a.out);
    const parsed = JSON.parse(a.out) as { method: string; episodes: number; grid: unknown[] }[];
    // 320: the lines of corpora/ces-near-miss.jsonl; 102: the grid λ⊥, 0, .01, …, 1
    expect(parsed.map((p) => [p.method, p.episodes, p.grid.length])).toEqual([
      ['graph', 320, 102],
      ['current', 320, 102],
    ]);
    const episodes = bundledEpisodes('ces-near-miss');
    const graph = replayCorpus(episodes, defaultPipeline());
    expect(parsed[0]!.grid).toEqual(JSON.parse(JSON.stringify(gridMeans(graph))));
  }, 120_000);

  it('usage errors stop before any work: a selector twice, --naive with --out, --workers 0', async () => {
    const out = join(dir, 'never.arrow');
    const twice = await runCli(['replay', CORPUS, '--selector', 'graph,graph', '--out', out]);
    expect([twice.code, twice.errLines]).toEqual([2, ['carb: --selector: expected each selector once, found graph twice']]);
    const naive = await runCli(['replay', CORPUS, '--naive', '--out', out]);
    expect(naive.code).toBe(2);
    expect(naive.err).toContain('--naive: expected without --out');
    const zero = await runCli(['replay', CORPUS, '--workers', '0', '--out', out]);
    expect(zero.code).toBe(2);
    expect(zero.err).toContain('--workers: expected a positive integer, found 0');
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});
