import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { eligibleForCalibration, readCorpus } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline, withSelector } from '@carb/pipeline';
import { ledgerTraces, replayCorpus, type OutcomeTable } from '@carb/replay';
import {
  DEFAULT_ALPHAS, METHOD_ORDER, METHOD_SELECTOR, calibrationTarget, runProtocol, type MethodName, type ProtocolResult,
} from '@carb/calibrate';
import { AGENTDOJO_RUNS, describeShared } from './helpers/shared.ts';

const MODELS = ['gpt-4o-2024-05-13', 'claude-3-5-sonnet-20240620', 'meta-llama_Llama-3.3-70B-Instruct'];

for (const model of MODELS) describeShared(`calibration protocol on shared AgentDojo runs (${model})`, () => {
  const tables: Partial<Record<MethodName, OutcomeTable>> = {};
  const run = () => runProtocol({ tables, alphas: DEFAULT_ALPHAS, splits: 200 });
  let res: ProtocolResult;
  beforeAll(() => {
    const { episodes } = readCorpus([join(AGENTDOJO_RUNS, model)], { format: 'auto' });
    const eps = episodes.filter((e) => eligibleForCalibration(e));
    const pipeline = loadPipeline(defaultPipelinePath());
    const traces = ledgerTraces(eps, pipeline);
    const bySelector = new Map<string, OutcomeTable>();
    for (const m of METHOD_ORDER) {
      const kind = METHOD_SELECTOR[m];
      if (!bySelector.has(kind)) bySelector.set(kind, replayCorpus(eps, withSelector(pipeline, { kind }), { traces, method: kind }));
      tables[m] = bySelector.get(kind)!;
    }
    res = run();
  });

  it('every ledger-calibrated method keeps mean held-out loss ≤ α at every default budget, all 200 splits feasible', () => {
    expect(res.summary).toHaveLength(7 * 4);
    for (const row of res.summary) {
      if (calibrationTarget(row.method as MethodName) !== 'ledger') continue;
      expect(row.feasible, `${row.method} at ${row.alpha}`).toBe(200);
      expect(row.meanLoss, `${row.method} at ${row.alpha}`).toBeLessThanOrEqual(row.alpha);
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
