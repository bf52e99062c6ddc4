import { escapeHtml } from '@carb/io';
import type { AuditReport } from '../runAudit.ts';

/**
 * Figure 3 shape: detection rate of the action-local evaluator (D_action) and the state auditor
 * (D_state) on the AR and SD splits, bars with Wilson 95 % whiskers. Plain SVG, fixed layout,
 * numbers printed to two decimals so equal reports give equal bytes.
 */
export function figure3Svg(report: AuditReport): string {
  const groups = (['action_revealing', 'state_dependent'] as const).flatMap((r) => {
    const g = report.gain[r];
    return g ? [{ name: r === 'action_revealing' ? 'AR' : 'SD', g }] : [];
  });
  const W = 120 + groups.length * 180;
  const H = 310;
  const top = 60;
  const bottom = 260;
  const y = (v: number) => (bottom - (bottom - top) * v).toFixed(1);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">Risk detection rate: action-local vs state-reconstructing</text>`,
    `<line x1="60" y1="${bottom}" x2="${W - 20}" y2="${bottom}" stroke="#000"/>`,
    `<line x1="60" y1="${top}" x2="60" y2="${bottom}" stroke="#000"/>`,
  ];
  for (const t of [0, 0.25, 0.5, 0.75, 1])
    parts.push(
      `<text x="54" y="${y(t)}" text-anchor="end" dominant-baseline="middle">${t.toFixed(2)}</text>`,
      `<line x1="60" y1="${y(t)}" x2="${W - 20}" y2="${y(t)}" stroke="#ddd"/>`,
    );
  groups.forEach(({ name, g }, k) => {
    const x0 = 90 + k * 180;
    const bars = [
      { label: 'D_action', rate: g.dAction.rate ?? 0, ci: g.wilson.dAction, fill: '#9aa5b1' },
      { label: 'D_state', rate: g.dState.rate ?? 0, ci: g.wilson.dState, fill: '#2f6f9f' },
    ];
    bars.forEach((b, j) => {
      const x = x0 + j * 70;
      parts.push(
        `<rect x="${x}" y="${y(b.rate)}" width="56" height="${(bottom - Number(y(b.rate))).toFixed(1)}" fill="${b.fill}"><title>${escapeHtml(`${name} ${b.label} ${b.rate.toFixed(2)} [${b.ci[0].toFixed(2)}, ${b.ci[1].toFixed(2)}]`)}</title></rect>`,
        `<line x1="${x + 28}" y1="${y(b.ci[0])}" x2="${x + 28}" y2="${y(b.ci[1])}" stroke="#000"/>`,
        `<text x="${x + 28}" y="${(Number(y(b.rate)) - 6).toFixed(1)}" text-anchor="middle">${b.rate.toFixed(2)}</text>`,
        `<text x="${x + 28}" y="${bottom + 16}" text-anchor="middle">${b.label}</text>`,
      );
    });
    parts.push(
      `<text x="${x0 + 63}" y="${bottom + 36}" text-anchor="middle" font-weight="bold">${name} (n=${g.dState.n}, SRG ${g.srg === null ? '—' : g.srg.toFixed(2)})</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
