import type { Episode } from '@carb/episodes';
import { runProtocol } from '@carb/calibrate';
import { withSelector, type Pipeline } from '@carb/pipeline';
import { fmtMetric, fmtSigned, renderMarkdownTable } from '@carb/report';
import { ledgerTraces, replayCorpus, type OutcomeTable } from '@carb/replay';

export interface SeedCheckSpec {
  episodes: Episode[];
  pipeline: Pipeline;
  graphTable: OutcomeTable;
  seeds: readonly number[];
  alpha: string;
  splits: number;
  nCal: number;
  nTest: number;
  unit: 'episode' | 'group';
  splitRng: 'python' | 'seedrandom';
  baseSeed: number;
}

/**
 * App. E.4 seed check: equal-size random context replayed with each selector seed,
 * calibrated on the same splits as G-CARB at one budget; reports both mean losses and
 * the paired random − G-CARB differences.
 */
export function seedCheckTable(spec: SeedCheckSpec): string {
  const traces = ledgerTraces(spec.episodes, spec.pipeline);
  const rows: string[][] = [];
  for (const seed of spec.seeds) {
    const random = replayCorpus(spec.episodes, withSelector(spec.pipeline, { kind: 'random', seed }), { method: `random-${seed}`, traces });
    const res = runProtocol({
      tables: { 'equal-size-random': random, 'g-carb': spec.graphTable }, alphas: [spec.alpha], splits: spec.splits,
      nCal: spec.nCal, nTest: spec.nTest, unit: spec.unit, splitRng: spec.splitRng, baseSeed: spec.baseSeed, reference: 'g-carb',
    });
    const r = res.summary.find((x) => x.method === 'equal-size-random')!;
    const g = res.summary.find((x) => x.method === 'g-carb')!;
    const d = res.paired.find((x) => x.method === 'equal-size-random')!;
    rows.push([String(seed), fmtMetric(r.meanLoss), fmtMetric(g.meanLoss), fmtSigned(d.dIntervention), fmtSigned(d.dUtility), fmtMetric(r.ctxRed)]);
  }
  return renderMarkdownTable({
    header: ['Selector seed', 'Random L̄', 'G-CARB L̄', 'ΔI (random − G-CARB)', 'ΔU', 'Random CtxRed'],
    align: ['right', 'right', 'right', 'right', 'right', 'right'],
    rows,
  });
}
