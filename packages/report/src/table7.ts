import { fmtAlpha, fmtMetric } from './format.ts';
import { renderMarkdownTable, type Align } from './markdown.ts';
import { methodLabel } from './methods.ts';
import { findRow, tableAlphas } from './tableUtil.ts';
import type { LabeledRows } from './types.ts';

/** Table 7: the context controls (default Fixed-window-4 and equal-size random): L̄ I U CtxRed per α. */
export function table7(groups: readonly LabeledRows[], opts: { alphas?: readonly number[]; methods?: readonly string[] } = {}): string {
  const methods = opts.methods ?? ['fixed-window-4', 'equal-size-random'];
  const header = ['Backbone', 'α'];
  for (const m of methods) header.push(`${methodLabel(m)} L̄`, `${methodLabel(m)} I`, `${methodLabel(m)} U`, `${methodLabel(m)} CtxRed`);
  const align: Align[] = header.map((_, i) => (i === 0 ? 'left' : 'right'));
  const rows: string[][] = [];
  for (const g of groups) {
    const start = rows.length;
    for (const alpha of tableAlphas(g.rows, methods, opts.alphas)) {
      rows.push([
        rows.length === start ? g.label : '',
        fmtAlpha(alpha),
        ...methods.flatMap((m) => {
          const r = findRow(g.rows, m, alpha);
          return [fmtMetric(r?.meanLoss), fmtMetric(r?.intervention), fmtMetric(r?.utility), fmtMetric(r?.ctxRed)];
        }),
      ]);
    }
  }
  return renderMarkdownTable({ header, align, rows });
}
