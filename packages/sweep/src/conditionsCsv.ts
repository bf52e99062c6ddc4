import { toFixedEven } from '@carb/report';
import type { ConditionResult, ConditionSummary, MeanSe } from './types.ts';

const METRICS = ['loss', 'intervention', 'utility', 'harmStop', 'benignStop', 'ctxRed', 'pathRecall', 'falsePath'] as const;

/** Column order of conditions.csv. */
export const CONDITION_COLUMNS: readonly string[] = ['condition', 'family', 'method', 'splits', 'episodes', 'harmful', ...METRICS.flatMap((m) => [`${m}_mean`, `${m}_se`])];

function text(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * conditions.csv: one row per condition × method (conditions in the order given, methods in
 * each condition's order) with mean and standard error over assignments of every metric, fixed
 * at `digits` decimals (ties to even, like the reports); empty where a metric is not measured.
 */
export function conditionsCsv(results: readonly ConditionResult[], digits = 6): string {
  const lines = [CONDITION_COLUMNS.join(',')];
  for (const r of results) {
    for (const s of r.summaries) {
      const cells = [text(r.name), text(r.family), s.method, String(s.splits), String(r.episodes), String(r.harmful)];
      for (const m of METRICS) {
        const v = (s as ConditionSummary)[m] as MeanSe | null;
        cells.push(v ? toFixedEven(v.mean, digits) : '', v ? toFixedEven(v.se, digits) : '');
      }
      lines.push(cells.join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}
