import type { SummaryRow } from '@carb/calibrate';
import { fmtAlphaShort } from './format.ts';
import { summaryTable } from './summaryTable.ts';
import { table4 } from './table4.ts';
import { table5 } from './table5.ts';
import { table6 } from './table6.ts';
import { table7 } from './table7.ts';
import { table8 } from './table8.ts';
import type { LabeledRows, PairedDiff } from './types.ts';

/**
 * The paper-shaped tables that apply to the rows given (a table appears when one of
 * its methods or metrics is present), keyed by heading, in paper order, then the
 * complete method × α listing.
 */
export function defaultTables(groups: readonly LabeledRows[], paired: readonly LabeledRows<PairedDiff>[] = [], opts: { alphas?: readonly number[]; diagnosticAlpha?: number } = {}): Record<string, string> {
  const all = groups.flatMap((g) => g.rows);
  const has = (...methods: string[]) => all.some((r: SummaryRow) => methods.includes(r.method));
  const alphaOpt = opts.alphas ? { alphas: opts.alphas } : {};
  const out: Record<string, string> = {};
  if (has('executed-step-crc', 'full-prefix', 'equal-size-random', 'g-carb')) out['Table 4 — selected operating points'] = table4(groups, alphaOpt);
  if (has('full-prefix', 'g-carb')) out['Table 5 — selected thresholds and feasibility'] = table5(groups, alphaOpt);
  if (paired.some((g) => g.rows.some((d) => d.method === 'g-carb' && d.reference === 'full-prefix'))) {
    out['Table 6 — paired differences, G-CARB − Full-prefix'] = table6(paired, alphaOpt);
  }
  if (has('fixed-window-4', 'equal-size-random')) out['Table 7 — context controls'] = table7(groups, alphaOpt);
  if (all.some((r) => r.harmStop != null || r.benignStop != null)) {
    const alpha = opts.diagnosticAlpha ?? 0.1;
    out[`Table 8 — constructed diagnostics at α = ${fmtAlphaShort(alpha)}`] = table8(groups, { alpha });
  }
  for (const g of groups) {
    out[groups.length > 1 ? `All methods and budgets — ${g.label}` : 'All methods and budgets'] = summaryTable(g.rows);
  }
  return out;
}
