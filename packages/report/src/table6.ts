import { fmtAlpha, fmtDecimal, fmtSigned } from './format.ts';
import { renderMarkdownTable, type Align } from './markdown.ts';
import { tableAlphas } from './tableUtil.ts';
import type { LabeledRows, PairedDiff } from './types.ts';

function range(p5: number, p95: number): string {
  return `[${fmtDecimal(p5)},${fmtDecimal(p95)}]`;
}

/**
 * Table 6: paired mean differences `method − reference` (default G-CARB − Full-prefix)
 * per backbone and α (default: the four table budgets present), each followed by a
 * row of [p5, p95] assignment percentiles.
 */
export function table6(
  groups: readonly LabeledRows<PairedDiff>[],
  opts: { method?: string; reference?: string; alphas?: readonly number[] } = {},
): string {
  const method = opts.method ?? 'g-carb';
  const reference = opts.reference ?? 'full-prefix';
  const header = ['Backbone', 'α', 'ΔL̄', 'ΔI', 'ΔU'];
  const align: Align[] = header.map((_, i) => (i === 0 ? 'left' : 'right'));
  const rows: string[][] = [];
  for (const g of groups) {
    const pairRows = g.rows.filter((d) => d.method === method && d.reference === reference);
    for (const alpha of tableAlphas(pairRows, [method], opts.alphas)) {
      const d = pairRows.find((r) => r.alpha === alpha)!;
      rows.push([g.label, fmtAlpha(d.alpha), fmtSigned(d.dLoss), fmtSigned(d.dIntervention), fmtSigned(d.dUtility)]);
      rows.push(['', '', range(d.dLossP5, d.dLossP95), range(d.dInterventionP5, d.dInterventionP95), range(d.dUtilityP5, d.dUtilityP95)]);
    }
  }
  return renderMarkdownTable({ header, align, rows });
}
