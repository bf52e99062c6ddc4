import { fmtMetric } from './format.ts';
import { renderMarkdownTable, type Align } from './markdown.ts';
import { compareMethods, methodLabel } from './methods.ts';
import { sameAlpha } from './tableUtil.ts';
import type { LabeledRows } from './types.ts';

/**
 * Table 8: per cohort, every method the run produced at one budget (default α = .10),
 * in Table 3 order: L̄, harm stop, benign stop, I, U, CtxRed ("–" where null).
 */
export function table8(groups: readonly LabeledRows[], opts: { alpha?: number } = {}): string {
  const alpha = opts.alpha ?? 0.1;
  const header = ['Cohort', 'Method', 'L̄', 'Harm stop', 'Benign stop', 'I', 'U', 'CtxRed'];
  const align: Align[] = header.map((_, i) => (i < 2 ? 'left' : 'right'));
  const rows: string[][] = [];
  for (const g of groups) {
    // no guard ignores α: take its row at any budget
    const picked = g.rows.filter((r) => sameAlpha(r.alpha, alpha) || r.method === 'no-guard');
    const byMethod = new Map<string, (typeof picked)[number]>();
    for (const r of picked) if (!byMethod.has(r.method) || sameAlpha(r.alpha, alpha)) byMethod.set(r.method, r);
    const start = rows.length;
    for (const m of [...byMethod.keys()].sort(compareMethods)) {
      const r = byMethod.get(m)!;
      rows.push([
        rows.length === start ? g.label : '',
        methodLabel(m),
        fmtMetric(r.meanLoss),
        fmtMetric(r.harmStop),
        fmtMetric(r.benignStop),
        fmtMetric(r.intervention),
        fmtMetric(r.utility),
        fmtMetric(r.ctxRed),
      ]);
    }
  }
  return renderMarkdownTable({ header, align, rows });
}
