import { csvText, markdownText } from '@carb/io';
import type { AuditReport } from '../runAudit.ts';
import { fmt } from './fmt.ts';

const HEAD = ['Guardrail', 'OVR', 'RR', 'S-RR', 'AR-RR', 'SD-RR', 'Benign FPR', 'Admission', 'TSR'];

function rows(report: AuditReport): string[][] {
  return report.guardrails.map((g) => [
    g.name,
    fmt(g.ovr.rate),
    fmt(g.rr.overall.rate),
    fmt(g.rr.s.rate),
    fmt(g.rr.ar.rate),
    fmt(g.rr.sd.rate),
    fmt(g.benign.fpr.rate),
    fmt(g.benign.admission),
    fmt(g.tsr.rate),
  ]);
}

/** Table 1 shape: one row per guardrail; OVR and RRs lower-is-better, admission and TSR higher. */
export function table1Markdown(report: AuditReport): string {
  const lines = [
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows(report).map(([name, ...rest]) => `| ${[markdownText(name!), ...rest].join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Table 1 as CSV (rates to two decimals, empty where not measurable). */
export function table1Csv(report: AuditReport): string {
  return csvText([HEAD, ...rows(report).map((r) => r.map((c) => (c === '—' ? '' : c)))]);
}
