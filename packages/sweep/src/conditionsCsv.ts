import { csvText } from '@carb/io';
import { toFixedEven } from '@carb/report';
import type { ConditionResult } from './types.ts';

const METRICS = ['loss', 'intervention', 'utility', 'harmStop', 'benignStop', 'ctxRed', 'pathRecall', 'falsePath'] as const;

/** Column order of conditions.csv. */
export const CONDITION_COLUMNS: readonly string[] = [
  'condition',
  'family',
  'method',
  'splits',
  'episodes',
  'harmful',
  ...METRICS.flatMap((m) => [`${m}_mean`, `${m}_se`]),
];

/**
 * conditions.csv: one row per condition × method (conditions in the order given, methods in
 * each condition's order) with mean and standard error over assignments of every metric, fixed
 * at `digits` decimals (ties to even, like the reports); empty where a metric is not measured.
 */
export function conditionsCsv(results: readonly ConditionResult[], digits = 6): string {
  const rows: string[][] = [[...CONDITION_COLUMNS]];
  for (const r of results) {
    for (const s of r.summaries) {
      const cells = [r.name, r.family, s.method, String(s.splits), String(r.episodes), String(r.harmful)];
      for (const m of METRICS) {
        const v = s[m];
        cells.push(v ? toFixedEven(v.mean, digits) : '', v ? toFixedEven(v.se, digits) : '');
      }
      rows.push(cells);
    }
  }
  return csvText(rows);
}
