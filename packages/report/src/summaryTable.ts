import type { SummaryRow } from '@carb/calibrate';
import { fmtAlpha, fmtDecimal, fmtMetric, fmtThreshold } from './format.ts';
import { renderMarkdownTable, type Align } from './markdown.ts';
import { compareMethods, methodLabel } from './methods.ts';
import { tableAlphas } from './tableUtil.ts';

function range(lo: number, hi: number): string {
  return `[${fmtDecimal(lo)},${fmtDecimal(hi)}]`;
}

/**
 * Every method × α of one run: L̄ with [p5,p95], I, U, raw step rate r, CtxRed,
 * median λ̂ and feasible count. Rows sorted by α, then Table 3 method order. Budgets:
 * `alphas`, default the four table budgets when present (a dense frontier stays in
 * summary.json and the plot); `alphas: 'all'` lists every one.
 */
export function summaryTable(rows: readonly SummaryRow[], opts: { alphas?: readonly number[] | 'all' } = {}): string {
  const header = ['α', 'Method', 'L̄', 'L̄ [p5,p95]', 'I', 'U', 'U [p5,p95]', 'r', 'CtxRed', 'λ̂ median', 'Feasible'];
  const align: Align[] = header.map((_, i) => (i === 1 ? 'left' : 'right'));
  const methods = [...new Set(rows.map((r) => r.method))];
  const shown = opts.alphas === 'all' ? null : tableAlphas(rows, methods, opts.alphas);
  const sorted = rows
    .filter((r) => !shown || shown.includes(r.alpha))
    .sort((a, b) => a.alpha - b.alpha || compareMethods(a.method, b.method));
  const body = sorted.map((r) => [
    fmtAlpha(r.alpha),
    methodLabel(r.method),
    fmtMetric(r.meanLoss),
    range(r.lossP5, r.lossP95),
    fmtMetric(r.intervention),
    fmtMetric(r.utility),
    range(r.utilityP5, r.utilityP95),
    fmtMetric(r.stepRate),
    fmtMetric(r.ctxRed),
    fmtThreshold(r.lambdaMedian),
    `${r.feasible}/${r.splits}`,
  ]);
  return renderMarkdownTable({ header, align, rows: body });
}
