import { POOLED_STRATUM } from '@carb/calibrate';
import { renderMarkdownTable } from './markdown.ts';
import type { CorpusStats } from './write.ts';

import { fmtCount as count } from './format.ts';

/** "Episodes": what was read, excluded (by reason) and used, and the folds of every split. */
export function corpusMarkdown(stats: CorpusStats, splits: number | null): string {
  const excluded = stats.excluded.reduce((s, e) => s + e.count, 0);
  const reasons = stats.excluded.length === 0 ? '' : ` (${stats.excluded.map((e) => `${e.reason}: ${count(e.count)}`).join('; ')})`;
  const rest = stats.used - stats.nCal - stats.nTest;
  const per = splits === null ? 'Each split' : `Each of the ${count(splits)} splits`;
  const lines = [
    '## Episodes',
    `Read ${count(stats.read)} episodes; excluded ${count(excluded)}${reasons}; calibrated on ${count(stats.used)}. ` +
      `${per} assigns n_cal = ${count(stats.nCal)} episodes to calibration and n_test = ${count(stats.nTest)} to test${rest > 0 ? ` (${count(rest)} ${rest === 1 ? 'sits' : 'sit'} out each split)` : ''}.`,
  ];
  if (stats.strata && stats.strata.length > 0) {
    lines.push(
      renderMarkdownTable({
        header: ['Stratum', 'Episodes', 'n_cal', 'n_test'],
        align: ['left', 'right', 'right', 'right'],
        rows: [
          [`${POOLED_STRATUM} (pooled)`, count(stats.used), count(stats.nCal), count(stats.nTest)],
          ...stats.strata.map((s) => [s.stratum, count(s.used), count(s.nCal), count(s.nTest)]),
        ],
      }).trimEnd(),
    );
  }
  return lines.join('\n\n') + '\n';
}
