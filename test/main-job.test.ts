import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSplits, type SummaryRow } from '@carb/calibrate';
import { main } from '../packages/cli/src/main.ts';
import { ROOT } from './helpers/shared.ts';

/** The records of a bundled JSONL file, read with plain code (not carb's readers). */
const jsonl = (file: string): Array<Record<string, unknown>> => {
  const raw = readFileSync(join(ROOT, 'corpora', file));
  const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
};
/** Construction labels of a bundled suite: id, pair and whether the episode is harmful. */
const labels = (suite: string) => jsonl(`${suite}.labels.jsonl`) as Array<{ id: string; pair: string; harmful: boolean }>;

// The main job (npm start): the bundled real AgentDojo logs (Table 4 shape, thresholds to deploy) and the
// constructed suites, checked against g-carb Table 8 (α = .10). Expected values come from the corpora read
// here with plain code, from hand derivation and from the paper's cells, never from the job's own output.
describe('main job: real logs and Table 8 on the bundled suites', () => {
  const out = mkdtempSync(join(tmpdir(), 'carb-main-'));
  let code = -1;
  const rows = (slug: string): SummaryRow[] => JSON.parse(readFileSync(join(out, slug, 'summary.json'), 'utf8')) as SummaryRow[];
  const at = (slug: string, method: string) => rows(slug).find((r) => r.method === method && r.alpha === 0.1)!;
  const cells = (r: SummaryRow) =>
    [r.meanLoss, r.harmStop, r.benignStop, r.intervention, r.utility, r.ctxRed].map((v) => (v === null ? null : Number(v.toFixed(3))));

  beforeAll(async () => {
    code = await main(['main', '--root', ROOT, '--out', out]);
  }, 240_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes the report with plots and a section per corpus, real logs first', () => {
    expect(code).toBe(0);
    for (const f of [
      'index.html',
      'tables.md',
      'manifest.json',
      'ces-clean/frontier.svg',
      'ces-clean/frontier.png',
      'graph-braid/summary.json',
      'ces-near-miss/splits.arrow',
      'agentdojo-gpt-4o/deploy.json',
      'agentdojo-gpt-4o/frontier.svg',
      'graph-braid/deploy.json',
    ]) {
      expect(existsSync(join(out, f)), f).toBe(true);
    }
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { sections: Record<string, string> };
    expect(Object.keys(manifest.sections)).toEqual(['agentdojo-gpt-4o', 'ces-clean', 'ces-near-miss', 'graph-braid']);
    const top = readFileSync(join(out, 'tables.md'), 'utf8');
    expect(top).toContain('## Table 4 — real logs: selected operating points');
    expect(top).toContain('## Table 8 — constructed diagnostics at α = .100');
    // the real logs are not a constructed cohort
    const t8 = top.slice(top.indexOf('## Table 8'));
    expect(t8).not.toContain('AgentDojo');
  });

  it('real logs: 753 published gpt-4o runs (corpora/README.md), folds of ⌊753/2⌋ = 376, Table 4 methods, deploy thresholds', () => {
    // the bundled corpus read directly: a header line, then one episode per line
    const corpus = jsonl('agentdojo-gpt-4o-2024-05-13.jsonl.gz');
    expect(corpus[0]).toMatchObject({ carbCorpus: 1, episodes: 753 });
    expect(corpus.length - 1).toBe(753);
    const summary = rows('agentdojo-gpt-4o');
    expect(new Set(summary.map((r) => r.method))).toEqual(
      new Set(['no-guard', 'executed-step-crc', 'ledger-current', 'full-prefix', 'fixed-window-4', 'equal-size-random', 'g-carb']),
    );
    // every ledger-calibrated method keeps its mean held-out loss within each table budget (Corollary 1)
    for (const r of summary.filter(
      (x) => [0.025, 0.05, 0.1, 0.2].includes(x.alpha) && x.method !== 'no-guard' && x.method !== 'executed-step-crc',
    )) {
      expect(r.meanLoss, `${r.method} at ${r.alpha}`).toBeLessThanOrEqual(r.alpha);
    }
    const manifest = JSON.parse(readFileSync(join(out, 'agentdojo-gpt-4o', 'manifest.json'), 'utf8')) as { corpus: { episodes: number } };
    expect(manifest.corpus.episodes).toBe(753);
    const md = readFileSync(join(out, 'agentdojo-gpt-4o', 'tables.md'), 'utf8');
    expect(md.startsWith('# AgentDojo gpt-4o-2024-05-13: 753 published runs\n\n## Deploy — the threshold to ship\n')).toBe(true);
    expect(md).toContain('Each of the 200 splits assigns n_cal = 376 episodes to calibration and n_test = 376 to test');
    const deploy = JSON.parse(readFileSync(join(out, 'agentdojo-gpt-4o', 'deploy.json'), 'utf8')) as Array<{
      method: string;
      alpha: number;
      n: number;
      lambda: number | null;
    }>;
    expect(deploy.filter((d) => d.method === 'g-carb').map((d) => d.alpha)).toEqual([0.025, 0.05, 0.1, 0.2]);
    expect(new Set(deploy.map((d) => d.n))).toEqual(new Set([753]));
  });

  it("CES: no guard loses exactly the harmful share of every pair, so every split's test fold (whole pairs) too", () => {
    // clean: each pair is one leak and one public send (1/2); near-miss: one leak and three near misses (1/4)
    for (const [suite, share, pairs] of [
      ['ces-clean', 1 / 2, 80],
      ['ces-near-miss', 1 / 4, 80],
    ] as const) {
      const byPair = new Map<string, Array<{ harmful: boolean }>>();
      for (const l of labels(suite)) byPair.set(l.pair, [...(byPair.get(l.pair) ?? []), l]);
      expect(byPair.size, suite).toBe(pairs);
      for (const [pair, members] of byPair)
        expect(members.filter((l) => l.harmful).length / members.length, `${suite} ${pair}`).toBe(share);
      expect(at(suite, 'no-guard').meanLoss, suite).toBe(share);
    }
  });

  it('CES clean matches Table 8 (L̄, harm stop, benign stop, I, U, CtxRed)', () => {
    expect(cells(at('ces-clean', 'no-guard'))).toEqual([0.5, 0, 0, 0, 1, null]);
    expect(cells(at('ces-clean', 'ledger-current'))).toEqual([0, 1, 1, 1, 0, 0.846]);
    expect(cells(at('ces-clean', 'full-prefix'))).toEqual([0, 1, 0, 0.5, 0.5, 0]);
    expect(cells(at('ces-clean', 'fixed-window-4'))).toEqual([0, 1, 0, 0.5, 0.5, 0.462]);
    expect(cells(at('ces-clean', 'equal-size-random'))).toEqual([0, 1, 1, 1, 0, 0.346]);
    expect(cells(at('ces-clean', 'g-carb'))).toEqual([0, 1, 0, 0.5, 0.5, 0.346]);
  });

  it('CES near-miss matches Table 8', () => {
    expect(cells(at('ces-near-miss', 'no-guard'))).toEqual([0.25, 0, 0, 0, 1, null]);
    expect(cells(at('ces-near-miss', 'ledger-current'))).toEqual([0, 1, 0.667, 0.75, 0.25, 0.853]);
    expect(cells(at('ces-near-miss', 'full-prefix'))).toEqual([0, 1, 0.333, 0.5, 0.5, 0]);
    expect(cells(at('ces-near-miss', 'fixed-window-4'))).toEqual([0, 1, 0.333, 0.5, 0.5, 0.481]);
    expect(cells(at('ces-near-miss', 'equal-size-random'))).toEqual([0, 1, 0.667, 0.75, 0.25, 0.395]);
    expect(cells(at('ces-near-miss', 'g-carb'))).toEqual([0, 1, 0, 0.25, 0.75, 0.395]);
  });

  it('graph-braid: every gated method stops every harmful sink; G-CARB and ledger-current avoid benign stops', () => {
    for (const m of ['ledger-current', 'full-prefix', 'fixed-window-4', 'equal-size-random', 'g-carb']) {
      const r = at('graph-braid', m);
      expect(r.meanLoss, m).toBe(0);
      expect(r.harmStop, m).toBe(1);
    }
    // bundled corpus (default seed 0), read directly: 817 of 2,000 trajectories harmful (paper's realized .390)
    const gb = labels('graph-braid');
    expect([gb.length, gb.filter((l) => l.harmful).length]).toEqual([2000, 817]);
    // no guard loses exactly the harmful trajectories of each test fold: over the job's 200 splits of 600 + 600
    // (CPython's shuffle, checked against Python's own output in calibrate/test/splits.test.ts) that is
    // Σ_s harmful(test_s) / (200 · 600); the mean is compared as that count of trajectories, exactly
    const splits = makeSplits(
      gb.map((l) => l.id),
      null,
      { count: 200, baseSeed: 0, rng: 'python', unit: 'episode', nCal: 600, nTest: 600 },
    );
    const harmfulInTest = splits.reduce((k, s) => k + Array.from(s.test).filter((e) => gb[e]!.harmful).length, 0);
    const noGuard = at('graph-braid', 'no-guard');
    expect(Math.round(noGuard.meanLoss * 200 * 600)).toBe(harmfulInTest);
    const h = harmfulInTest / (200 * 600);
    expect(Math.abs(h - 817 / 2000)).toBeLessThan(0.005); // held-out folds of 600 average near the corpus share
    // current-only and graph-local evidence stop exactly the harmful trajectories: intervention is the same count
    for (const m of ['ledger-current', 'g-carb']) expect(Math.round(at('graph-braid', m).intervention * 200 * 600), m).toBe(harmfulInTest);
    const r3 = (x: number): number => Math.round(x * 1000) / 1000;
    expect(cells(noGuard)).toEqual([r3(h), 0, 0, 0, 1, null]);
    // current-only and graph-local evidence stop exactly the harmful sinks (position 16); CtxRed from the
    // context sizes: current 16 of 136 (harmful) and 20 of 210 (benign) records; graph-local 72 of 136, 111 of 210
    const ctxAt = (harmful: number, benign: number): number => r3(1 - (h * harmful + (1 - h) * benign) / (h * 136 + (1 - h) * 210));
    expect(cells(at('graph-braid', 'ledger-current'))).toEqual([0, 1, 0, r3(h), r3(1 - h), ctxAt(16, 20)]);
    expect(cells(at('graph-braid', 'g-carb'))).toEqual([0, 1, 0, r3(h), r3(1 - h), ctxAt(72, 111)]);
    expect(ctxAt(16, 20)).toBe(0.898); // Table 8
    expect(ctxAt(72, 111)).toBe(0.471); // Table 8
    // full prefix and window 4 stop every trajectory at the authorized update (position 5): CtxRed 0 and 1 − 14/15
    expect(cells(at('graph-braid', 'full-prefix'))).toEqual([0, 1, 0, 1, 0, 0]);
    expect(cells(at('graph-braid', 'fixed-window-4'))).toEqual([0, 1, 0, 1, 0, 0.067]);
    // size-matched random draws 2 of the 4 records before the update, avoiding both canary records with
    // probability 1/6, so it stops about h + (1 − h)·5/6 (paper .905)
    const random = at('graph-braid', 'equal-size-random');
    expect(Math.abs(random.intervention - (h + ((1 - h) * 5) / 6))).toBeLessThan(0.03);
    expect(cells(random).slice(0, 3)).toEqual([0, 1, 0]);
  });

  it('is reproducible: carb verify re-runs a section on its own byte for byte', async () => {
    // the whole folder re-runs every section: test/verify-tamper.test.ts does that on a small job
    expect(await main(['verify', join(out, 'ces-clean')])).toBe(0);
  }, 120_000);
});
