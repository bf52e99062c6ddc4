import { clopperPearson } from './clopperPearson.ts';
import type { AppliedEpisode } from './appliedEpisode.ts';

/** The deployed gate's realized figures on one stratum of new logs. */
export interface ApplySummary {
  stratum: string;
  n: number;
  /** Share of episodes the gate stops (I). */
  intervention: number;
  /** Mean union ledger loss of the executed prefixes (L̄), with losses / n exact. */
  losses: number;
  loss: number;
  /** Exact 95 % Clopper–Pearson interval for the risk. */
  lossInterval: [number, number];
  /** The interval lies above α: the realized risk exceeds the budget at 95 %. */
  exceedsAlpha: boolean;
  /** Autonomous success U; null ("n/a") when no episode of the stratum records a completed task. */
  success: number | null;
}

/**
 * Summary of applied episodes: pooled ("all") first, then each stratum value in sorted order.
 * Success is null when the logs carry no completed task at all: a log without task outcomes
 * reads as "never completed", and a U of 0 would then be a claim the logs do not make.
 */
export function applySummary(rows: readonly AppliedEpisode[], alpha: number): ApplySummary[] {
  const strata = [...new Set(rows.map((r) => r.stratum))].sort();
  const groups: Array<[string, readonly AppliedEpisode[]]> = [
    ['all', rows],
    ...(strata.length > 1 || (strata[0] !== undefined && strata[0] !== 'all')
      ? strata.map((s) => [s, rows.filter((r) => r.stratum === s)] as [string, AppliedEpisode[]])
      : []),
  ];
  return groups
    .filter(([, g]) => g.length > 0)
    .map(([stratum, g]) => {
      const n = g.length;
      const losses = g.reduce((s, r) => s + r.loss, 0);
      const interval = clopperPearson(losses, n);
      const outcomes = g.some((r) => r.taskCompleted === 1);
      return {
        stratum,
        n,
        intervention: g.filter((r) => r.stopStep !== null).length / n,
        losses,
        loss: losses / n,
        lossInterval: interval,
        exceedsAlpha: interval[0] > alpha,
        success: outcomes ? g.reduce((s, r) => s + r.success, 0) / n : null,
      };
    });
}
