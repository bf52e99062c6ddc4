import type { SummaryRow } from '@carb/calibrate';
import { fmtAlpha, fmtMetric } from './format.ts';
import { renderMarkdownTable, type Align } from './markdown.ts';
import { methodLabel } from './methods.ts';
import { findRow, noGuardRow, tableAlphas } from './tableUtil.ts';
import type { LabeledRows } from './types.ts';

const LEDGER_METHODS = ['full-prefix', 'equal-size-random', 'g-carb'] as const;

/**
 * Table 4: per backbone and α, executed-step CRC (raw r, L̄) and L̄ I U for
 * Full-prefix, equal-size random and G-CARB; each backbone ends with a no-guard line
 * whose values sit under the same columns, so executed-step CRC's L̄ reads against it.
 */
export function table4(groups: readonly LabeledRows[], opts: { alphas?: readonly number[] } = {}): string {
  const header = ['Backbone', 'α', 'Executed-step CRC r ↓', 'Executed-step CRC L̄ ↓'];
  for (const m of LEDGER_METHODS) header.push(`${methodLabel(m)} L̄ ↓`, `${methodLabel(m)} I ↓`, `${methodLabel(m)} U ↑`);
  const align: Align[] = header.map((_, i) => (i === 0 ? 'left' : 'right'));
  const rows: string[][] = [];
  const cells = (r: SummaryRow | undefined) => [fmtMetric(r?.meanLoss), fmtMetric(r?.intervention), fmtMetric(r?.utility)];
  for (const g of groups) {
    const start = rows.length;
    for (const alpha of tableAlphas(g.rows, ['executed-step-crc', ...LEDGER_METHODS], opts.alphas)) {
      const crc = findRow(g.rows, 'executed-step-crc', alpha);
      rows.push([
        rows.length === start ? g.label : '',
        fmtAlpha(alpha),
        fmtMetric(crc?.stepRate),
        fmtMetric(crc?.meanLoss),
        ...LEDGER_METHODS.flatMap((m) => cells(findRow(g.rows, m, alpha))),
      ]);
    }
    const none = noGuardRow(g.rows);
    if (none) {
      rows.push([
        rows.length === start ? g.label : '',
        'no guard',
        fmtMetric(none.stepRate),
        fmtMetric(none.meanLoss),
        ...LEDGER_METHODS.flatMap(() => cells(none)),
      ]);
    }
  }
  return renderMarkdownTable({ header, align, rows });
}
