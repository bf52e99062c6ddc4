import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultPipelinePath, loadPipeline, withSelector } from '@carb/pipeline';
import { breakpointTable, ledgerTraces, scoreEpisode, type BreakpointTable } from '@carb/replay';
import { METHOD_ORDER, type DeployRow } from '@carb/calibrate';
import { runCli } from '../packages/cli/test/runCli.ts';
import { sharedEpisodes } from './helpers/replayCorpora.ts';
import { AGENTDOJO_RUNS, describeShared } from './helpers/shared.ts';

/** Files per model in the shared corpus README (all eligible). */
const MODELS = { 'claude-3-5-sonnet-20240620': 753, 'gpt-4o-2024-05-13': 753, 'meta-llama_Llama-3.3-70B-Instruct': 1081 } as const;
const ALPHAS = [
  ['.025', 1n, 40n],
  ['.05', 1n, 20n],
  ['.10', 1n, 10n],
  ['.20', 1n, 5n],
] as const;

/**
 * Eq. 1 on every episode of a stratum, written out independently of the histogram / budget code:
 * the largest g with (1 + Σ_e [g ≥ unionLossFrom[e]]) / (n + 1) ≤ a/b, compared in integers; −1 if none.
 */
function crcOnAll(t: BreakpointTable, a: bigint, b: bigint): number {
  let best = -1;
  for (let g = 0; g < t.G; g++) {
    let s = 0n;
    for (let e = 0; e < t.n; e++) if (g >= t.unionLossFrom[e]!) s++;
    if ((1n + s) * b <= a * BigInt(t.n + 1)) best = g;
  }
  return best;
}

describeShared('carb calibrate --by model: deploy thresholds per backbone', () => {
  const out = mkdtempSync(join(tmpdir(), 'carb-strata-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  let deploy: DeployRow[];
  let manifest: { pipelineHash: string; strata: Record<string, { pipelineHash: string; episodes: number }> };
  beforeAll(async () => {
    const r = await runCli([
      'calibrate',
      AGENTDOJO_RUNS,
      '--by',
      'model',
      '--splits',
      '5',
      '--no-frontier',
      '--workers',
      '1',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    deploy = JSON.parse(readFileSync(join(out, 'deploy.json'), 'utf8')) as DeployRow[];
    manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as typeof manifest;
  }, 300_000);

  it('rows for the pooled run and all three models × 7 methods × 4 α, each with its stratum size', () => {
    expect(deploy.length).toBe(4 * 7 * 4);
    const strata = ['all', ...Object.keys(MODELS)];
    expect([...new Set(deploy.map((d) => d.stratum))]).toEqual(strata);
    for (const s of strata) {
      const rows = deploy.filter((d) => d.stratum === s);
      expect(rows.map((d) => d.method)).toEqual(METHOD_ORDER.flatMap((m) => [m, m, m, m]));
      expect(new Set(rows.map((d) => d.n))).toEqual(new Set([s === 'all' ? 2587 : MODELS[s as keyof typeof MODELS]]));
      expect(rows.every((d) => d.guarantee === 'expectation' && d.delta === null)).toBe(true);
    }
  });

  it('each stratum is pinned by its own pipeline hash (its own corpus digest), recorded in the manifest', () => {
    expect(deploy.filter((d) => d.stratum === 'all').every((d) => d.pipelineHash === manifest.pipelineHash)).toBe(true);
    for (const [model, n] of Object.entries(MODELS)) {
      expect(manifest.strata[model]!.episodes).toBe(n);
      expect(deploy.filter((d) => d.stratum === model).every((d) => d.pipelineHash === manifest.strata[model]!.pipelineHash)).toBe(true);
    }
    expect(new Set([manifest.pipelineHash, ...Object.values(manifest.strata).map((s) => s.pipelineHash)]).size).toBe(4);
  });

  it("G-CARB λ̂ per model equals Eq. 1 over all of that model's episodes, computed independently", () => {
    const pipeline = withSelector(loadPipeline(defaultPipelinePath()), { kind: 'graph' });
    const figures: string[] = [];
    const all = sharedEpisodes();
    const scores = all.map((e) => scoreEpisode(e, pipeline, pipeline.selector));
    const traces = ledgerTraces(all, pipeline);
    for (const model of ['all', ...Object.keys(MODELS)]) {
      const keep = all.flatMap((e, i) => (model === 'all' || e.id.startsWith(`${model}/`) ? [i] : []));
      const t = breakpointTable(
        'graph',
        pipeline.grid,
        keep.map((i) => all[i]!),
        keep.map((i) => scores[i]!),
        keep.map((i) => traces[i]!),
      );
      for (const [text, a, b] of ALPHAS) {
        const row = deploy.find((d) => d.stratum === model && d.method === 'g-carb' && d.alpha === Number(text))!;
        const g = crcOnAll(t, a, b);
        expect(row.lambdaIndex, `${model} α = ${text}`).toBe(g);
        expect(row.lambda).toBe(g < 0 ? null : (g - 1) / 100);
        figures.push(`${model} ${text}: ${String(row.lambda)}`);
      }
    }
    // the figures of the closing note: G-CARB λ at α = .05 and .10 per model
    expect(figures.filter((f) => / (\.05|\.10):/.test(f))).toEqual([
      'all .05: 0.35',
      'all .10: 0.62',
      'claude-3-5-sonnet-20240620 .05: 0.35',
      'claude-3-5-sonnet-20240620 .10: 0.5',
      'gpt-4o-2024-05-13 .05: 0.35',
      'gpt-4o-2024-05-13 .10: 0.62',
      'meta-llama_Llama-3.3-70B-Instruct .05: 0.5',
      'meta-llama_Llama-3.3-70B-Instruct .10: 0.99',
    ]);
  }, 300_000);

  it('summary rows and paired differences carry their stratum', () => {
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Array<{ stratum: string; method: string }>;
    expect(summary.length).toBe(4 * 7 * 4);
    expect(summary.filter((r) => r.stratum === 'meta-llama_Llama-3.3-70B-Instruct').length).toBe(28);
  });
});
