import type { SummaryRow } from '@carb/calibrate';
import { max, tickStep } from 'd3-array';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import { fmtDecimal } from './format.ts';
import { compareMethods, methodLabel } from './methods.ts';
import { PLOT_FONT_FAMILY } from './png.ts';
import { DEFAULT_ALPHAS, sameAlpha } from './tableUtil.ts';

/** Options of {@link frontierSvg}. */
export interface FrontierOptions {
  title: string;
  /** Budgets to plot (default: every budget of the plotted methods). */
  alphas?: readonly number[];
  /** Methods to plot (default: every ledger-calibrated method present, as in Figure 2). */
  methods?: readonly string[];
}

const WIDTH = 960;
const HEIGHT = 480;
const PANEL = { top: 64, width: 380, height: 290, left: [70, 550] as const };
// the family the PNG is rendered with; the generic fallback only serves browsers without it (resvg maps it to the same)
const FONT = `${PLOT_FONT_FAMILY}, sans-serif`;
// Okabe–Ito: distinguishable under the common colour-vision deficiencies
const COLORS: Record<string, string> = {
  'executed-step-crc': '#56B4E9',
  'ledger-current': '#E69F00',
  'full-prefix': '#0072B2',
  'fixed-window-4': '#009E73',
  'equal-size-random': '#CC79A7',
  'g-carb': '#D55E00',
};
const EXTRA_COLORS = ['#F0E442', '#000000', '#999999'];
/** Above this many budgets per method (a dense frontier) whiskers would hide the curve. */
const DENSE = 12;

/** Fixed two-decimal coordinates keep the SVG byte-stable across platforms. */
const n2 = (x: number) => {
  const s = x.toFixed(2);
  return s === '-0.00' ? '0.00' : s;
};

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function tickLabel(v: number, step: number): string {
  if (v === 0) return '0';
  const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return fmtDecimal(v, digits);
}

function axes(x: ScaleLinear<number, number>, y: ScaleLinear<number, number>, xTitle: string, yTitle: string): string[] {
  const out: string[] = [];
  const [x0, x1] = x.range() as [number, number];
  const [y0, y1] = y.range() as [number, number];
  const [dx0, dx1] = x.domain() as [number, number];
  const [dy0, dy1] = y.domain() as [number, number];
  const xStep = tickStep(dx0, dx1, 6);
  const yStep = tickStep(dy0, dy1, 6);
  out.push(`<g class="axis axis-x"><line x1="${n2(x0)}" y1="${n2(y0)}" x2="${n2(x1)}" y2="${n2(y0)}" stroke="#333"/>`);
  for (const t of x.ticks(6)) {
    out.push(`<line x1="${n2(x(t))}" y1="${n2(y0)}" x2="${n2(x(t))}" y2="${n2(y0 + 5)}" stroke="#333"/>`
      + `<text x="${n2(x(t))}" y="${n2(y0 + 18)}" text-anchor="middle">${tickLabel(t, xStep)}</text>`);
  }
  out.push(`<text x="${n2((x0 + x1) / 2)}" y="${n2(y0 + 38)}" text-anchor="middle">${esc(xTitle)}</text></g>`);
  out.push(`<g class="axis axis-y"><line x1="${n2(x0)}" y1="${n2(y0)}" x2="${n2(x0)}" y2="${n2(y1)}" stroke="#333"/>`);
  for (const t of y.ticks(6)) {
    out.push(`<line x1="${n2(x0)}" y1="${n2(y(t))}" x2="${n2(x1)}" y2="${n2(y(t))}" stroke="#eee"/>`
      + `<line x1="${n2(x0 - 5)}" y1="${n2(y(t))}" x2="${n2(x0)}" y2="${n2(y(t))}" stroke="#333"/>`
      + `<text x="${n2(x0 - 8)}" y="${n2(y(t) + 4)}" text-anchor="end">${tickLabel(t, yStep)}</text>`);
  }
  out.push(`<text transform="translate(${n2(x0 - 50)},${n2((y0 + y1) / 2)}) rotate(-90)" text-anchor="middle">${esc(yTitle)}</text></g>`);
  return out;
}

interface Metric {
  mean: (r: SummaryRow) => number;
  p5: (r: SummaryRow) => number;
  p95: (r: SummaryRow) => number;
}

function series(method: string, color: string, rows: SummaryRow[], x: (a: number) => number, y: ScaleLinear<number, number>, m: Metric): string {
  const dense = rows.length > DENSE;
  const path = line<SummaryRow>().x((r) => x(r.alpha)).y((r) => y(m.mean(r))).digits(2)(rows) ?? '';
  // dense frontier: the p5–p95 range as a band, whiskers only at the table budgets
  const band = dense
    ? `<path class="band" d="${area<SummaryRow>().x((r) => x(r.alpha)).y0((r) => y(m.p5(r))).y1((r) => y(m.p95(r))).digits(2)(rows) ?? ''}" fill="${color}" fill-opacity="0.12" stroke="none"/>`
    : '';
  const whiskered = dense ? rows.filter((r) => DEFAULT_ALPHAS.some((a) => sameAlpha(a, r.alpha))) : rows;
  const whiskers = whiskered.map((r) => {
    const cx = n2(x(r.alpha));
    const lo = n2(y(m.p5(r)));
    const hi = n2(y(m.p95(r)));
    const l = n2(x(r.alpha) - 3);
    const rr = n2(x(r.alpha) + 3);
    return `<path class="whisker" d="M${cx},${lo}V${hi}M${l},${lo}H${rr}M${l},${hi}H${rr}" stroke="${color}" fill="none"/>`;
  });
  const dots = rows.map((r) => `<circle cx="${n2(x(r.alpha))}" cy="${n2(y(m.mean(r)))}" r="${dense ? 1.8 : 3}" fill="${color}"/>`);
  return `<g class="series" data-method="${esc(method)}">${band}<path class="line" d="${path}" stroke="${color}" stroke-width="1.5" fill="none"/>${whiskers.join('')}${dots.join('')}</g>`;
}

/**
 * Risk–utility frontier like the paper's Figure 2, as a standalone SVG string.
 * Panel A: autonomous success U against budget α per method, p5–p95 whiskers.
 * Panel B: mean held-out loss L̄ against α with the dashed y = α line (and whiskers).
 * With more than 12 budgets per method (a dense frontier) the p5–p95 range is a
 * shaded band and whiskers mark only the table budgets (.025, .05, .10, .20).
 * A no-guard row, when present, is drawn as a dotted reference level in both panels.
 */
export function frontierSvg(rows: SummaryRow[], opts: FrontierOptions): string {
  const present = [...new Set(rows.map((r) => r.method))].sort(compareMethods);
  const methods = (opts.methods ?? present.filter((m) => m !== 'no-guard' && m !== 'executed-step-crc')).filter((m) => present.includes(m));
  const keep = (r: SummaryRow) => !opts.alphas || opts.alphas.some((a) => sameAlpha(a, r.alpha));
  const byMethod = methods.map((m) => rows.filter((r) => r.method === m && keep(r)).sort((a, b) => a.alpha - b.alpha));
  const noGuard = rows.find((r) => r.method === 'no-guard');
  const plotted = byMethod.flat();
  const alphaMax = max(plotted, (r) => r.alpha) ?? 0.2;
  const lossMax = Math.max(alphaMax, max(plotted, (r) => r.lossP95) ?? 0, noGuard?.meanLoss ?? 0);

  const top = PANEL.top;
  const bottom = top + PANEL.height;
  const color = (m: string, i: number) => COLORS[m] ?? EXTRA_COLORS[i % EXTRA_COLORS.length]!;
  // whiskers of different methods at one α would overlap: dodge each method by a few pixels
  const dodge = (i: number) => (i - (methods.length - 1) / 2) * 3;

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONT}" font-size="12" fill="#222">`);
  out.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`);
  out.push(`<text class="title" x="${WIDTH / 2}" y="26" text-anchor="middle" font-size="16" font-weight="bold">${esc(opts.title)}</text>`);

  const panels = [
    { id: 'panel-utility', label: 'A  Autonomous success vs budget', yTitle: 'autonomous success U', domain: [0, 1] as [number, number],
      metric: { mean: (r: SummaryRow) => r.utility, p5: (r: SummaryRow) => r.utilityP5, p95: (r: SummaryRow) => r.utilityP95 }, ref: noGuard?.utility },
    { id: 'panel-loss', label: 'B  Mean held-out loss vs budget', yTitle: 'mean episode loss L̄', domain: [0, lossMax] as [number, number],
      metric: { mean: (r: SummaryRow) => r.meanLoss, p5: (r: SummaryRow) => r.lossP5, p95: (r: SummaryRow) => r.lossP95 }, ref: noGuard?.meanLoss },
  ];
  panels.forEach((p, k) => {
    const left = PANEL.left[k]!;
    // a little headroom so the dodged whiskers of the largest budget stay inside the axis
    const x = scaleLinear().domain([0, alphaMax * 1.04]).nice(6).range([left, left + PANEL.width]);
    const y = scaleLinear().domain(p.domain).nice(6).range([bottom, top]);
    out.push(`<g class="panel" id="${p.id}">`);
    out.push(`<text x="${left}" y="${top - 14}" font-size="13" font-weight="bold">${esc(p.label)}</text>`);
    out.push(...axes(x, y, 'budget α', p.yTitle));
    if (p.id === 'panel-loss') {
      const [xa, xb] = x.domain() as [number, number];
      out.push(`<line class="alpha-line" x1="${n2(x(xa))}" y1="${n2(y(xa))}" x2="${n2(x(xb))}" y2="${n2(y(Math.min(xb, y.domain()[1]!)))}" stroke="#555" stroke-width="1.2" stroke-dasharray="6,4"/>`);
    }
    if (p.ref != null) {
      out.push(`<line class="reference no-guard" x1="${n2(x.range()[0]!)}" y1="${n2(y(p.ref))}" x2="${n2(x.range()[1]!)}" y2="${n2(y(p.ref))}" stroke="#888" stroke-dasharray="2,3"/>`);
    }
    byMethod.forEach((rs, i) => out.push(series(methods[i]!, color(methods[i]!, i), rs, (a) => x(a) + dodge(i), y, p.metric)));
    out.push('</g>');
  });

  const legend: Array<{ label: string; mark: string }> = methods.map((m, i) => ({
    label: methodLabel(m),
    mark: `<line x1="0" y1="0" x2="22" y2="0" stroke="${color(m, i)}" stroke-width="2"/><circle cx="11" cy="0" r="3" fill="${color(m, i)}"/>`,
  }));
  legend.push({ label: 'y = α (budget)', mark: '<line x1="0" y1="0" x2="22" y2="0" stroke="#555" stroke-dasharray="6,4"/>' });
  if (noGuard) legend.push({ label: 'No guard', mark: '<line x1="0" y1="0" x2="22" y2="0" stroke="#888" stroke-dasharray="2,3"/>' });
  const legendY = bottom + 66;
  const colWidth = WIDTH / 4;
  out.push('<g class="legend">');
  legend.forEach((e, i) => {
    const lx = 40 + (i % 4) * colWidth;
    const ly = legendY + Math.floor(i / 4) * 20;
    out.push(`<g class="legend-item" transform="translate(${n2(lx)},${n2(ly)})">${e.mark}<text x="28" y="4">${esc(e.label)}</text></g>`);
  });
  out.push('</g>');
  out.push(`<text x="${WIDTH - 10}" y="${HEIGHT - 8}" text-anchor="end" font-size="10" fill="#666">points: mean over splits; whiskers (bands): empirical 5th–95th percentiles</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}
