import { csvText } from '@carb/io';
import type { GainReport } from '../metrics/gain.ts';
import type { AuditReport } from '../runAudit.ts';
import { fmt, fmtP } from './fmt.ts';

const HEAD = ['Split', 'n', 'D_action', 'Wilson 95% (D_action)', 'D_state', 'Wilson 95% (D_state)', 'SRG', 'McNemar p'];
const REGIME_NAME = {
  short_local: 'Short/local (S)',
  action_revealing: 'Action-revealing (AR)',
  state_dependent: 'State-dependent (SD)',
} as const;

function row(name: string, g: GainReport): string[] {
  const ci = (w: [number, number]) => `[${w[0].toFixed(2)}, ${w[1].toFixed(2)}]`;
  return [
    name,
    String(g.dState.n),
    fmt(g.dAction.rate),
    ci(g.wilson.dAction),
    fmt(g.dState.rate),
    ci(g.wilson.dState),
    fmt(g.srg),
    fmtP(g.mcnemarP),
  ];
}

function rows(report: AuditReport): string[][] {
  const out: string[][] = [];
  for (const r of ['short_local', 'action_revealing', 'state_dependent'] as const) {
    const g = report.gain[r];
    if (g) out.push(row(REGIME_NAME[r], g));
  }
  for (const [m, g] of Object.entries(report.gainByMechanism)) out.push(row(`SD: ${m.replace(/_/g, ' ')}`, g));
  return out;
}

/** Table 16 shape (with Table 15's mechanism rows): SRG by regime and SD mechanism, with Wilson intervals and McNemar's exact p. */
export function table16Markdown(report: AuditReport): string {
  const lines = [
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows(report).map((r) => `| ${r.join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Table 16 as CSV. */
export function table16Csv(report: AuditReport): string {
  return csvText([HEAD, ...rows(report)]);
}
