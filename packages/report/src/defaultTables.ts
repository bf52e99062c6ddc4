import type { SummaryRow } from '@carb/calibrate';
import { fmtAlpha } from './format.ts';
import { oddCellNotes } from './oddCells.ts';
import { summaryTable } from './summaryTable.ts';
import { table4 } from './table4.ts';
import { table5 } from './table5.ts';
import { table6 } from './table6.ts';
import { table7 } from './table7.ts';
import { table8 } from './table8.ts';
import { DEFAULT_ALPHAS } from './tableUtil.ts';
import type { LabeledRows, PairedDiff } from './types.ts';

/** Options of {@link defaultTables}. */
export interface DefaultTablesOptions {
  alphas?: readonly number[];
  diagnosticAlpha?: number;
  /** Method → corpus-specific cause of its odd cells (appended to the generic note). */
  reasons?: Readonly<Record<string, string>>;
}

/**
 * The paper-shaped tables that apply to the rows given (a table appears when one of
 * its methods or metrics is present), keyed by heading, in paper order, then the
 * complete method × α listing. Under a table whose cells look odd (a positive λ̂ with
 * I = 1.000, executed-step CRC above α, ...) a "Note —" paragraph says why.
 */
export function defaultTables(
  groups: readonly LabeledRows[],
  paired: readonly LabeledRows<PairedDiff>[] = [],
  opts: DefaultTablesOptions = {},
): Record<string, string> {
  const all = groups.flatMap((g) => g.rows);
  const has = (...methods: string[]) => all.some((r: SummaryRow) => methods.includes(r.method));
  const alphaOpt = opts.alphas ? { alphas: opts.alphas } : {};
  const shownAlphas = opts.alphas ?? DEFAULT_ALPHAS;
  // each note once, under the first table that shows its cells
  const seen = new Set<string>();
  const withNotes = (md: string, methods: readonly string[] | null, alphas: readonly number[] = shownAlphas) => {
    const notes = oddCellNotes(groups, methods, opts.reasons, alphas).filter((n) => !seen.has(n.key));
    for (const n of notes) seen.add(n.key);
    return notes.length === 0 ? md : `${md}\n${notes.map((n) => n.text).join('\n\n')}\n`;
    // (called with md = '' the result is appended to a table, which ends in a newline)
  };
  const out: Record<string, string> = {};
  const t4 = has('executed-step-crc', 'full-prefix', 'equal-size-random', 'g-carb');
  const t5 = has('full-prefix', 'g-carb');
  // notes claimed in this order (a λ̂ that looks odd reads best under Table 5), shown in paper order
  const notes5 = t5 ? withNotes('', ['full-prefix', 'g-carb']) : '';
  const notes4 = t4 ? withNotes('', ['executed-step-crc', 'full-prefix', 'equal-size-random', 'g-carb']) : '';
  if (t4) out['Table 4 — selected operating points'] = table4(groups, alphaOpt) + notes4;
  if (t5) out['Table 5 — selected thresholds and feasibility'] = table5(groups, alphaOpt) + notes5;
  if (paired.some((g) => g.rows.some((d) => d.method === 'g-carb' && d.reference === 'full-prefix'))) {
    out['Table 6 — paired differences, G-CARB − Full-prefix'] = table6(paired, alphaOpt);
  }
  if (has('fixed-window-4', 'equal-size-random'))
    out['Table 7 — context controls'] = table7(groups, alphaOpt) + withNotes('', ['fixed-window-4', 'equal-size-random']);
  if (all.some((r) => r.harmStop != null || r.benignStop != null)) {
    const alpha = opts.diagnosticAlpha ?? 0.1;
    out[`Table 8 — constructed diagnostics at α = ${fmtAlpha(alpha)}`] = table8(groups, { alpha }) + withNotes('', null, [alpha]);
  }
  for (const g of groups) {
    out[groups.length > 1 ? `All methods and budgets — ${g.label}` : 'All methods and budgets'] = summaryTable(g.rows);
  }
  return out;
}
