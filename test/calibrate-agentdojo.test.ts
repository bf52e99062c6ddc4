import { beforeAll, expect, it } from 'vitest';
import { defaultPipelinePath, loadPipeline, withSelector } from '@carb/pipeline';
import { breakpointTable, ledgerTraces, scoreEpisode, type BreakpointTable } from '@carb/replay';
import {
  DEFAULT_BUDGETS,
  METHOD_ORDER,
  METHOD_SELECTOR,
  calibrationTarget,
  makeSplits,
  runProtocol,
  type MethodName,
  type ProtocolResult,
} from '@carb/calibrate';
import { sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

/** Files per model in the shared corpus README; none has a top-level error, so all are eligible. */
const MODELS = { 'gpt-4o-2024-05-13': 753, 'claude-3-5-sonnet-20240620': 753, 'meta-llama_Llama-3.3-70B-Instruct': 1081 } as const;

/**
 * Eq. 1 written out for a {0,1} loss and α = 1/10, independently of the histogram / bigint
 * code: the largest g with (1 + Σ_cal ℓ_union(e, g)) · 10 ≤ n_cal + 1, or −1, where
 * ℓ_union(e, g) = [g ≥ unionLossFrom[e]] (the breakpoint contract).
 */
const unionLoss = (t: BreakpointTable, e: number, g: number): number => (g >= t.unionLossFrom[e]! ? 1 : 0);

function crcAtOneTenth(t: BreakpointTable, cal: Int32Array): number {
  let best = -1;
  for (let g = 0; g < t.G; g++) {
    let s = 0;
    for (const e of cal) s += unionLoss(t, e, g);
    if ((1 + s) * 10 <= cal.length + 1) best = g;
  }
  return best;
}

for (const [model, files] of Object.entries(MODELS))
  describeShared(`calibration protocol on shared AgentDojo runs (${model})`, () => {
    const tables: Partial<Record<MethodName, BreakpointTable>> = {};
    const run = () => runProtocol({ tables, alphas: DEFAULT_BUDGETS, splits: 200 });
    let res: ProtocolResult;
    beforeAll(() => {
      // the eligible episodes of the whole corpus, read once per worker (helpers/replayCorpora.ts)
      const eps = sharedEpisodes().filter((e) => e.id.startsWith(`${model}/`));
      const pipeline = loadPipeline(defaultPipelinePath());
      const traces = ledgerTraces(eps, pipeline);
      const bySelector = new Map<string, BreakpointTable>();
      for (const m of METHOD_ORDER) {
        const kind = METHOD_SELECTOR[m];
        const p = withSelector(pipeline, { kind });
        if (!bySelector.has(kind))
          bySelector.set(
            kind,
            breakpointTable(
              kind,
              p.grid,
              eps,
              eps.map((e) => scoreEpisode(e, p, p.selector)),
              traces,
            ),
          );
        tables[m] = bySelector.get(kind)!;
      }
      res = run();
    }, 300_000);

    it(`all ${files} files of the model are eligible; folds of ⌊n/2⌋ = ${Math.floor(files / 2)}`, () => {
      expect(tables['g-carb']!.n).toBe(files);
      const splits = makeSplits(tables['g-carb']!.ids, null, {
        count: 1,
        baseSeed: 0,
        rng: 'python',
        unit: 'episode',
        nCal: Math.floor(files / 2),
        nTest: Math.floor(files / 2),
      });
      expect([splits[0]!.cal.length, splits[0]!.test.length]).toEqual([Math.floor(files / 2), Math.floor(files / 2)]);
    });

    it('every ledger-calibrated method keeps mean held-out loss ≤ α at every default budget, all 200 splits feasible', () => {
      expect(res.summary).toHaveLength(7 * 4);
      for (const row of res.summary) {
        if (calibrationTarget(row.method as MethodName) !== 'ledger') continue;
        expect(row.feasible, `${row.method} at ${row.alpha}`).toBe(200);
        expect(row.meanLoss, `${row.method} at ${row.alpha}`).toBeLessThanOrEqual(row.alpha);
      }
    });

    it('split 0, α = .10: λ̂ and held-out loss of every ledger method match Eq. 1 recomputed from the union-loss column', () => {
      const t0 = tables['g-carb']!;
      const [split] = makeSplits(t0.ids, null, {
        count: 1,
        baseSeed: 0,
        rng: 'python',
        unit: 'episode',
        nCal: Math.floor(t0.n / 2),
        nTest: Math.floor(t0.n / 2),
      });
      for (const m of METHOD_ORDER.filter((x) => calibrationTarget(x) === 'ledger')) {
        const t = tables[m]!;
        const g = crcAtOneTenth(t, split!.cal);
        let held = 0;
        for (const e of split!.test) held += unionLoss(t, e, g);
        const r = res.splitResults.find((x) => x.method === m && x.alphaText === '.10' && x.split === 0)!;
        // interior on this corpus: the check bites on both sides of λ̂
        expect(g, m).toBeGreaterThan(0);
        expect(g, m).toBeLessThan(t.G - 1);
        expect(r.lambdaIndex, m).toBe(g);
        // a {0,1} loss: the mean is a count over the fold, exact as a double quotient
        expect(r.loss, m).toBe(held / split!.test.length);
      }
    });

    it('no guard never intervenes; full-prefix saves no context; splits are ⌊n/2⌋ each', () => {
      for (const row of res.summary.filter((r) => r.method === 'no-guard')) expect(row.intervention).toBe(0);
      for (const row of res.summary.filter((r) => r.method === 'full-prefix')) expect(row.ctxRed).toBe(0);
      expect(res.splitResults.filter((r) => r.method === 'g-carb' && r.alphaText === '.05')).toHaveLength(200);
      expect(res.paired.filter((p) => p.reference === 'full-prefix')).toHaveLength(6 * 4);
    });

    it('is deterministic: a second run is byte-identical', () => {
      expect(JSON.stringify(run())).toBe(JSON.stringify(res));
    });
  });
