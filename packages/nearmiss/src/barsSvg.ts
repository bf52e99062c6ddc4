import { scaleBand, scaleLinear } from 'd3-scale';
import { PLOT_FONT_FAMILY, escapeHtml } from '@carb/io';
import type { Distribution } from './distribution.ts';

const FONT = `${PLOT_FONT_FAMILY}, sans-serif`;
// Okabe–Ito: distinguishable under the common colour-vision deficiencies
const COLORS = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];
const LEFT = 250;
const WIDTH = 820;
const BAR = 14;
/** Fixed two-decimal coordinates keep the SVG byte-stable across platforms. */
const f2 = (x: number) => x.toFixed(2);

/**
 * Figure 4-style horizontal bars: one group per tool (sorted by total, then name), one
 * bar per agent within it, with the count at its end and a legend of agents.
 */
export function barsSvg(title: string, d: Distribution, unit = 'flagged mutating calls'): string {
  const agents = Object.keys(d).sort();
  const totals = new Map<string, number>();
  for (const a of agents) for (const [t, n] of Object.entries(d[a]!)) totals.set(t, (totals.get(t) ?? 0) + n);
  const tools = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || (a < b ? -1 : 1));
  const group = Math.max(1, agents.length) * BAR + 12;
  const top = 48 + 18 * agents.length;
  const height = top + Math.max(1, tools.length) * group + 56;
  const y = scaleBand()
    .domain(tools)
    .range([top, top + tools.length * group]);
  const maxN = Math.max(1, ...agents.flatMap((a) => Object.values(d[a]!)));
  const x = scaleLinear()
    .domain([0, maxN])
    .nice()
    .range([LEFT, WIDTH - 60]);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${f2(height)}" viewBox="0 0 ${WIDTH} ${f2(height)}" font-family="${FONT}" font-size="12">`,
    `<rect width="${WIDTH}" height="${f2(height)}" fill="white"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">${escapeHtml(title)}</text>`,
  ];
  agents.forEach((a, i) => {
    const ly = 40 + 18 * i;
    out.push(
      `<rect x="10" y="${ly}" width="12" height="12" fill="${COLORS[i % COLORS.length]!}"/>`,
      `<text x="28" y="${ly + 10}">${escapeHtml(a)}</text>`,
    );
  });
  if (tools.length === 0) out.push(`<text x="${LEFT}" y="${top + 20}">no latent failures</text>`);
  for (const t of tools) {
    const gy = y(t)!;
    out.push(`<text x="${LEFT - 8}" y="${f2(gy + group / 2)}" text-anchor="end" dominant-baseline="middle">${escapeHtml(t)}</text>`);
    agents.forEach((a, i) => {
      const n = d[a]![t] ?? 0;
      const by = gy + 6 + i * BAR;
      out.push(`<rect x="${LEFT}" y="${f2(by)}" width="${f2(x(n) - LEFT)}" height="${BAR - 2}" fill="${COLORS[i % COLORS.length]!}"/>`);
      out.push(`<text x="${f2(x(n) + 4)}" y="${f2(by + BAR - 4)}" font-size="10">${n}</text>`);
    });
  }
  const axisY = top + tools.length * group + 6;
  out.push(`<line x1="${LEFT}" y1="${f2(axisY)}" x2="${WIDTH - 60}" y2="${f2(axisY)}" stroke="#333"/>`);
  for (const tick of x.ticks(Math.min(maxN, 8))) {
    if (!Number.isInteger(tick)) continue;
    out.push(`<text x="${f2(x(tick))}" y="${f2(axisY + 16)}" text-anchor="middle" font-size="10">${tick}</text>`);
  }
  out.push(`<text x="${f2((LEFT + WIDTH - 60) / 2)}" y="${f2(axisY + 34)}" text-anchor="middle" font-size="11">${escapeHtml(unit)}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
