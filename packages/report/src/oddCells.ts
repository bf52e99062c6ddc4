import type { SummaryRow } from '@carb/calibrate';
import { markdownText } from '@carb/io';
import { fmtAlpha, fmtMetric, fmtThreshold } from './format.ts';
import { compareMethods, methodLabel } from './methods.ts';
import type { LabeledRows } from './types.ts';

const EPS = 1e-9;
const LEDGER = (m: string) => m !== 'no-guard' && m !== 'executed-step-crc';

type Kind = 'stop-all' | 'no-guard' | 'step-rate' | 'above-alpha' | 'infeasible';

/** Which cells of a row look wrong at first sight (and are not). */
function kindsOf(r: SummaryRow): Kind[] {
  const k: Kind[] = [];
  if (r.method === 'executed-step-crc' && r.meanLoss > r.alpha + EPS) k.push('step-rate');
  if (!LEDGER(r.method)) return k;
  if (r.lambdaMedian != null && r.lambdaMedian >= 0 && r.lambdaMedian < 1 && r.intervention >= 1 - EPS) k.push('stop-all');
  if (r.lambdaMin != null && r.lambdaMin >= 1 && r.intervention <= EPS) k.push('no-guard');
  if (r.meanLoss > r.alpha + EPS) k.push('above-alpha');
  if (r.feasible < r.splits) k.push('infeasible');
  return k;
}

function alphaList(rows: readonly SummaryRow[]): string {
  return rows.map((r) => fmtAlpha(r.alpha)).join(', ');
}

function text(kind: Kind, method: string, rows: readonly SummaryRow[], reason: string | undefined): string {
  const name = `${methodLabel(method)} at α = ${alphaList(rows)}`;
  const lam = [...new Set(rows.map((r) => fmtThreshold(r.lambdaMedian)))].join('/');
  switch (kind) {
    case 'stop-all': {
      const top = rows.every((r) => r.lambdaMedian! >= 0.99 - EPS);
      return (
        `${name}: λ̂ ${lam} yet I = 1.000 and U = ${[...new Set(rows.map((r) => fmtMetric(r.utility)))].join('/')} — behavioural stop-all: ` +
        "every test episode has some proposal scoring above λ̂ under this method's context, so every episode is handed off before it completes." +
        (top
          ? ' λ = 1 would stop nothing (scores are clipped to [0, 1]), so it is no guard, whose loss exceeds α; .99 is then the largest feasible grid value, ' +
            'and it stops exactly the proposals scoring 1. A numerically high threshold can still stop every episode (App. E.2).'
          : '') +
        (reason ? ` ${reason}` : '')
      );
    }
    case 'no-guard':
      return `${name}: λ̂ = 1.00 — no score exceeds 1, so nothing is stopped and the method is no guard here: α is at or above the no-guard loss (corrected).`;
    case 'step-rate':
      return (
        `${name}: L̄ above α is expected. Executed-step CRC calibrates the harmful-step rate r (which stays below α), not the episode loss; ` +
        'one harmful event divided by many executed actions makes r small while the episode is still harmed (Proposition 1(i)).'
      );
    case 'above-alpha':
      return `${name}: mean held-out L̄ above α. CRC bounds the loss in expectation over assignments and new episodes (Corollary 1), not in every split; look at the p95 and the number of splits.`;
    case 'infeasible':
      return `${name}: feasible in ${rows.map((r) => `${r.feasible}/${r.splits}`).join(', ')} splits — α is below 1/(n_cal + 1), where Eq. 1 has no feasible threshold and the gate stops everything.`;
  }
}

/**
 * Notes for the cells of `methods` that look odd (a positive λ̂ with I = 1.000, λ̂ = 1,
 * executed-step CRC's L̄ above α, a ledger method's mean L̄ above α, infeasible splits),
 * one paragraph per group × method × kind (`key` names the three), each starting
 * "Note —". `reasons`: a corpus-specific cause per method, appended to its stop-all note.
 */
export function oddCellNotes(
  groups: readonly LabeledRows[],
  methods: readonly string[] | null,
  reasons: Readonly<Record<string, string>> = {},
  alphas?: readonly number[],
): Array<{ key: string; text: string }> {
  // body → the groups it applies to (strata with the same odd cells share one note)
  const merged = new Map<string, { method: string; kind: Kind; labels: string[] }>();
  for (const g of groups) {
    const shown = g.rows.filter(
      (r) => (methods === null || methods.includes(r.method)) && (!alphas || alphas.some((a) => Math.abs(a - r.alpha) < EPS)),
    );
    const found = new Map<string, SummaryRow[]>();
    for (const r of shown) {
      for (const k of kindsOf(r)) {
        const key = `${r.method}\u0000${k}`;
        if (!found.has(key)) found.set(key, []);
        found.get(key)!.push(r);
      }
    }
    const keys = [...found.keys()].sort((a, b) => compareMethods(a.split('\u0000')[0]!, b.split('\u0000')[0]!) || (a < b ? -1 : 1));
    for (const key of keys) {
      const [method, kind] = key.split('\u0000') as [string, Kind];
      const body = text(
        kind,
        method,
        found.get(key)!.sort((a, b) => a.alpha - b.alpha),
        reasons[method],
      );
      const m = merged.get(body) ?? { method, kind, labels: [] };
      m.labels.push(g.label);
      merged.set(body, m);
    }
  }
  return [...merged.entries()].map(([body, m]) => ({
    key: `${m.labels.join('\u0001')}\u0000${m.method}\u0000${m.kind}`,
    text: `Note — ${groups.length > 1 ? `${m.labels.map(markdownText).join('; ')}: ` : ''}${body}`,
  }));
}
