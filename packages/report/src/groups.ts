import { POOLED_STRATUM, type Guarantee, type SummaryRow } from '@carb/calibrate';
import { fmtDecimal } from './format.ts';
import type { PairedDiff } from './types.ts';

/** The rows of one stratum under one guarantee: what one paper-shaped table block shows. */
export interface ReportGroup {
  stratum: string;
  guarantee: Guarantee;
  delta: number | null;
  label: string;
  rows: SummaryRow[];
  paired: PairedDiff[];
}

/** Stratum and guarantee of a row; absent fields mean pooled and in expectation (issue 10). */
export function rowKey(r: { stratum?: string; guarantee?: Guarantee }): { stratum: string; guarantee: Guarantee } {
  return { stratum: r.stratum ?? POOLED_STRATUM, guarantee: r.guarantee ?? 'expectation' };
}

/** "δ = .10" for a high-probability group, "" in expectation. */
export function guaranteeTag(guarantee: Guarantee, delta: number | null): string {
  return guarantee === 'high-probability' ? `P(risk > α) ≤ δ = ${delta == null ? '?' : fmtDecimal(delta, 2)}` : '';
}

const order = (a: { stratum: string; guarantee: Guarantee }, b: { stratum: string; guarantee: Guarantee }) =>
  Number(b.stratum === POOLED_STRATUM) - Number(a.stratum === POOLED_STRATUM) ||
  (a.stratum < b.stratum ? -1 : a.stratum > b.stratum ? 1 : 0) ||
  Number(a.guarantee === 'high-probability') - Number(b.guarantee === 'high-probability');

/**
 * Summary rows (and paired differences) split by stratum and guarantee, pooled first,
 * then strata by name, expectation before high-probability. A run with one group is
 * labelled with the report title; otherwise each group with its stratum (and δ).
 * No guard does not depend on the guarantee: a high-probability group without its own
 * no-guard row borrows the stratum's, so its tables keep their reference line.
 */
export function reportGroups(title: string, summary: readonly SummaryRow[], paired: readonly PairedDiff[] = []): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  const groupOf = (r: { stratum?: string; guarantee?: Guarantee; delta?: number | null }) => {
    const k = rowKey(r);
    const id = `${k.stratum}\u0000${k.guarantee}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { ...k, delta: null, label: '', rows: [], paired: [] }));
    return g;
  };
  for (const r of summary) {
    const g = groupOf(r);
    g.rows.push(r);
    if (r.delta != null) g.delta = r.delta;
  }
  for (const d of paired) groupOf(d).paired.push(d);
  const list = [...groups.values()].sort(order);
  for (const g of list) {
    if (g.rows.some((r) => r.method === 'no-guard')) continue;
    const ng = list.find((o) => o.stratum === g.stratum && o !== g)?.rows.find((r) => r.method === 'no-guard');
    if (ng) g.rows.push(ng);
  }
  for (const g of list) {
    const tag = guaranteeTag(g.guarantee, g.delta);
    g.label = list.length === 1 ? title : `${g.stratum === POOLED_STRATUM ? 'all (pooled)' : g.stratum}${tag ? ` · ${tag}` : ''}`;
  }
  return list;
}
