import { runProtocol, type Budget } from '@carb/calibrate';
import { fmtMetric, fmtSigned, renderMarkdownTable } from '@carb/report';
import type { BreakpointTable } from '@carb/replay';

export interface SeedCheckSpec {
  graphTable: BreakpointTable;
  /** The equal-size random selector's table per selector seed (replayed in the job's fused pass). */
  random: readonly { seed: number; table: BreakpointTable }[];
  alpha: Budget;
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
  const rows: string[][] = [];
  for (const { seed, table: random } of spec.random) {
    const res = runProtocol({
      tables: { 'equal-size-random': random, 'g-carb': spec.graphTable },
      alphas: [spec.alpha],
      splits: spec.splits,
      nCal: spec.nCal,
      nTest: spec.nTest,
      unit: spec.unit,
      splitRng: spec.splitRng,
      baseSeed: spec.baseSeed,
      reference: 'g-carb',
    });
    const r = res.summary.find((x) => x.method === 'equal-size-random')!;
    const g = res.summary.find((x) => x.method === 'g-carb')!;
    const d = res.paired.find((x) => x.method === 'equal-size-random')!;
    rows.push([
      String(seed),
      fmtMetric(r.meanLoss),
      fmtMetric(g.meanLoss),
      fmtSigned(d.dIntervention),
      fmtSigned(d.dUtility),
      fmtMetric(r.ctxRed),
    ]);
  }
  return renderMarkdownTable({
    header: ['Selector seed', 'Random L̄', 'G-CARB L̄', 'ΔI (random − G-CARB)', 'ΔU', 'Random CtxRed'],
    align: ['right', 'right', 'right', 'right', 'right', 'right'],
    rows,
  });
}
