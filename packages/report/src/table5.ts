import type { SummaryRow } from '@carb/calibrate';
import { fmtAlpha, fmtThreshold } from './format.ts';
import { renderMarkdownTable, type Align } from './markdown.ts';
import { methodLabel } from './methods.ts';
import { findRow, tableAlphas } from './tableUtil.ts';
import type { LabeledRows } from './types.ts';

/**
 * Table 5: λ̂ min / median / max over feasible splits for each method (default
 * Full-prefix and G-CARB) and the feasible count "k/splits" (one figure when the
 * methods agree, else one per method joined by "; ").
 */
export function table5(groups: readonly LabeledRows[], opts: { alphas?: readonly number[]; methods?: readonly string[] } = {}): string {
  const methods = opts.methods ?? ['full-prefix', 'g-carb'];
  const header = ['Backbone', 'α'];
  for (const m of methods) header.push(`${methodLabel(m)} min`, `${methodLabel(m)} median`, `${methodLabel(m)} max`);
  header.push('Feasible per method');
  const align: Align[] = header.map((_, i) => (i === 0 ? 'left' : 'right'));
  const rows: string[][] = [];
  for (const g of groups) {
    const start = rows.length;
    for (const alpha of tableAlphas(g.rows, methods, opts.alphas)) {
      const found = methods.map((m) => findRow(g.rows, m, alpha));
      const feasible = [...new Set(found.map((r: SummaryRow | undefined) => (r ? `${r.feasible}/${r.splits}` : '–')))];
      rows.push([
        rows.length === start ? g.label : '',
        fmtAlpha(alpha),
        ...found.flatMap((r) => [fmtThreshold(r?.lambdaMin), fmtThreshold(r?.lambdaMedian), fmtThreshold(r?.lambdaMax)]),
        feasible.join('; '),
      ]);
    }
  }
  return renderMarkdownTable({ header, align, rows });
}
