import type { SplitResult, SummaryRow } from './types.ts';
import { empiricalQuantile, empiricalQuantiles, mean } from './quantiles.ts';
import { cellOfRows, type SplitCell } from './splitCell.ts';

/** Table 6: a method minus the reference on shared splits, mean and p5/p95 of the per-split differences. */
export interface PairedDiff {
  /** As on SummaryRow: absent means pooled / expectation. */
  stratum?: string;
  guarantee?: import('./types.ts').Guarantee;
  method: string;
  reference: string;
  alpha: number;
  splits: number;
  dLoss: number;
  dLossP5: number;
  dLossP95: number;
  dIntervention: number;
  dInterventionP5: number;
  dInterventionP95: number;
  dUtility: number;
  dUtilityP5: number;
  dUtilityP95: number;
}

function nullableMean(values: Array<number | null>): number | null {
  const v = values.filter((x): x is number => x !== null);
  return v.length ? mean(v) : null;
}

/**
 * One SummaryRow from a method's split results at one α. Infeasible splits stay in every
 * average (evaluated at stop-all); λ̂ ranges use feasible splits only.
 */
export function summarizeCell(method: string, alpha: number, rows: readonly SplitResult[], calibrated: boolean): SummaryRow {
  return summarizeSplitCell(method, alpha, cellOfRows(rows), calibrated);
}

/** summarizeCell over a cell's columns (the protocol's form). */
export function summarizeSplitCell(method: string, alpha: number, cell: SplitCell, calibrated: boolean): SummaryRow {
  const rows = cell.metrics;
  const loss = rows.map((r) => r.loss);
  const inter = rows.map((r) => r.intervention);
  const util = rows.map((r) => r.utility);
  const lambdas = Array.from(cell.lambdaHat).filter((l) => !Number.isNaN(l));
  const ctx = rows.map((r) => (r.ctxFull > 0 ? 1 - r.ctxSelected / r.ctxFull : null));
  const [lossP5, lossP95] = empiricalQuantiles(loss, [0.05, 0.95]) as [number, number];
  const [interP5, interP95] = empiricalQuantiles(inter, [0.05, 0.95]) as [number, number];
  const [utilP5, utilP95] = empiricalQuantiles(util, [0.05, 0.95]) as [number, number];
  return {
    method,
    alpha,
    splits: rows.length,
    feasible: cell.lambdaIndex.filter((g) => g >= 0).length,
    meanLoss: mean(loss),
    lossP5,
    lossP95,
    intervention: mean(inter),
    interventionP5: interP5,
    interventionP95: interP95,
    utility: mean(util),
    utilityP5: utilP5,
    utilityP95: utilP95,
    stepRate: mean(rows.map((r) => r.stepRate)),
    ctxRed: calibrated ? nullableMean(ctx) : null,
    harmStop: nullableMean(rows.map((r) => r.harmStop)),
    benignStop: nullableMean(rows.map((r) => r.benignStop)),
    lambdaMin: calibrated && lambdas.length ? Math.min(...lambdas) : null,
    lambdaMedian: calibrated && lambdas.length ? empiricalQuantile(lambdas, 0.5) : null,
    lambdaMax: calibrated && lambdas.length ? Math.max(...lambdas) : null,
  };
}

/** Per-split differences method − reference (rows aligned by split index). */
export function pairedDiff(
  method: string,
  reference: string,
  alpha: number,
  rows: readonly SplitResult[],
  refRows: readonly SplitResult[],
): PairedDiff {
  return pairedSplitDiff(method, reference, alpha, cellOfRows(rows), cellOfRows(refRows));
}

/** pairedDiff over two cells' columns (the protocol's form). */
export function pairedSplitDiff(method: string, reference: string, alpha: number, cell: SplitCell, refCell: SplitCell): PairedDiff {
  // the protocol's cells list the same splits in the same order: then no map is needed
  const aligned = cell.split.length === refCell.split.length && cell.split.every((s, i) => refCell.split[i] === s);
  const ref = aligned ? null : new Map(Array.from(refCell.split, (s, i) => [s, refCell.metrics[i]!]));
  const dl: number[] = [];
  const di: number[] = [];
  const du: number[] = [];
  cell.split.forEach((s, i) => {
    const r = cell.metrics[i]!;
    const b = ref ? ref.get(s) : refCell.metrics[i];
    if (!b) throw new Error(`paired differences: split ${s} of ${method} has no ${reference} result; expected shared splits`);
    dl.push(r.loss - b.loss);
    di.push(r.intervention - b.intervention);
    du.push(r.utility - b.utility);
  });
  const [dLossP5, dLossP95] = empiricalQuantiles(dl, [0.05, 0.95]) as [number, number];
  const [dInterventionP5, dInterventionP95] = empiricalQuantiles(di, [0.05, 0.95]) as [number, number];
  const [dUtilityP5, dUtilityP95] = empiricalQuantiles(du, [0.05, 0.95]) as [number, number];
  return {
    method,
    reference,
    alpha,
    splits: cell.split.length,
    dLoss: mean(dl),
    dLossP5,
    dLossP95,
    dIntervention: mean(di),
    dInterventionP5,
    dInterventionP95,
    dUtility: mean(du),
    dUtilityP5,
    dUtilityP95,
  };
}
