import type { MethodName } from '@carb/calibrate';
import { requiredMean } from './primarySummary.ts';
import type { ConditionResult, Table10Row } from './types.ts';

/** Table 10's row order (App. G.2). */
export const TABLE10_FAMILIES = ['baseline', 'prevalence', 'benign-density', 'score-noise', 'edge-dropout', 'combined'] as const;

/**
 * Table 10 (App. G.2): one row per family, in the paper's order (families it does not list follow
 * in order of appearance), each the extrema over the family's conditions of the primary method's
 * per-condition means: max L̄, min harm stop, max benign stop, CtxRed range.
 */
export function table10(results: readonly ConditionResult[], primary: MethodName): Table10Row[] {
  const families = [...(TABLE10_FAMILIES as readonly string[])];
  for (const r of results) if (!families.includes(r.family)) families.push(r.family);
  const rows: Table10Row[] = [];
  for (const family of families) {
    const members = results.filter((r) => r.family === family);
    if (!members.length) continue;
    const of = (metric: 'loss' | 'harmStop' | 'benignStop' | 'ctxRed') => members.map((r) => requiredMean(r, primary, metric));
    rows.push({
      family,
      conditions: members.length,
      maxMeanLoss: Math.max(...of('loss')),
      minHarmStop: Math.min(...of('harmStop')),
      maxBenignStop: Math.max(...of('benignStop')),
      ctxRedMin: Math.min(...of('ctxRed')),
      ctxRedMax: Math.max(...of('ctxRed')),
    });
  }
  return rows;
}
