import type { SummaryRow } from '@carb/calibrate';
import { PLOT_FONT_FAMILY, escapeHtml } from '@carb/io';
import { max, tickStep } from 'd3-array';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import {
  area,
  line,
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
  type SymbolType,
} from 'd3-shape';
import { fmtAlpha, fmtDecimal } from './format.ts';
import { compareMethods, methodLabel } from './methods.ts';
import { DEFAULT_ALPHAS, sameAlpha } from './tableUtil.ts';
import { textWidth } from './textWidth.ts';
import { wrapText } from './wrapText.ts';

/** Options of {@link frontierSvg}. */
export interface FrontierOptions {
  title: string;
  /** Budgets to plot (default: every budget of the plotted methods up to the informative limit). */
  alphas?: readonly number[];
  /** Methods to plot (default: every method present but no guard, which is the reference level). */
  methods?: readonly string[];
}

const WIDTH = 960;
/** The title: 16 px bold, kept this far from either edge, each further line this much lower. */
const TITLE = { size: 16, margin: 20, line: 20 };
const PANEL = { top: 64, width: 380, height: 290, left: [70, 550] as const };
/** Small multiples: one p5–p95 panel per method and metric, below the overlay. */
const SMALL = { top: 488, height: 96, gap: 168, left: 70, right: 20, space: 36 };
// the family the PNG is rendered with; the generic fallback only serves browsers without it (resvg maps it to the same)
const FONT = `${PLOT_FONT_FAMILY}, sans-serif`;
// Okabe–Ito: distinguishable under the common colour-vision deficiencies; each method also has its own marker
const STYLE: Record<string, { color: string; marker: SymbolType; name: string }> = {
  'executed-step-crc': { color: '#56B4E9', marker: symbolTriangle, name: 'triangle' },
  'ledger-current': { color: '#E69F00', marker: symbolStar, name: 'star' },
  'full-prefix': { color: '#0072B2', marker: symbolSquare, name: 'square' },
  'fixed-window-4': { color: '#009E73', marker: symbolCross, name: 'cross' },
  'equal-size-random': { color: '#CC79A7', marker: symbolDiamond, name: 'diamond' },
  'g-carb': { color: '#D55E00', marker: symbolCircle, name: 'circle' },
};
/** A method's plot colour, the one every carb figure gives it (black for a method without one). */
export const methodColor = (method: string): string => (Object.hasOwn(STYLE, method) ? STYLE[method]!.color : '#000000');
const EXTRA = [
  { color: '#000000', marker: symbolWye, name: 'wye' },
  { color: '#999999', marker: symbolWye, name: 'wye' },
];
/** Above this many budgets per method (a dense frontier) markers and whiskers stay at the table budgets. */
const DENSE = 12;
/** Room above the no-guard loss kept on the α axis, so its crossing stays visible. */
const HEADROOM = 1.15;

/** Fixed two-decimal coordinates keep the SVG byte-stable across platforms. */
const n2 = (x: number) => {
  const s = x.toFixed(2);
  return s === '-0.00' ? '0.00' : s;
};

function tickLabel(v: number, step: number): string {
  if (v === 0) return '0';
  const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return fmtDecimal(v, digits);
}

/** α ticks print like every other α on the page (fmtAlpha). */
const alphaTick = (v: number) => (v === 0 ? '0' : fmtAlpha(Number(v.toFixed(6))));

/** Least room between neighbouring x tick labels, px. */
const TICK_GAP = 4;

/**
 * The α ticks of x for about `count` of them, or for fewer when their labels (12 px) would run
 * into each other: a small panel of six methods is ~115 px wide, where five labels ".100" … ".400"
 * touched (issue 26's note). Axes whose labels fit keep the ticks they had.
 */
function alphaTicks(x: ScaleLinear<number, number>, count: number): number[] {
  let ticks = x.ticks(count);
  for (let c = count - 1; c >= 1 && !labelsFit(x, ticks); c--) ticks = x.ticks(c);
  return ticks;
}

/** Whether centred labels of these ticks leave TICK_GAP between neighbours. */
function labelsFit(x: ScaleLinear<number, number>, ticks: readonly number[]): boolean {
  for (let i = 1; i < ticks.length; i++) {
    const half = (textWidth(alphaTick(ticks[i - 1]!), 12) + textWidth(alphaTick(ticks[i]!), 12)) / 2;
    if (x(ticks[i]!) - x(ticks[i - 1]!) < half + TICK_GAP) return false;
  }
  return true;
}

function axes(x: ScaleLinear<number, number>, y: ScaleLinear<number, number>, xTitle: string, yTitle: string, ticks = 6): string[] {
  const out: string[] = [];
  const [x0, x1] = x.range() as [number, number];
  const [y0, y1] = y.range() as [number, number];
  const [dy0, dy1] = y.domain() as [number, number];
  const yStep = tickStep(dy0, dy1, ticks);
  out.push(`<g class="axis axis-x"><line x1="${n2(x0)}" y1="${n2(y0)}" x2="${n2(x1)}" y2="${n2(y0)}" stroke="#333"/>`);
  for (const t of alphaTicks(x, ticks)) {
    out.push(
      `<line x1="${n2(x(t))}" y1="${n2(y0)}" x2="${n2(x(t))}" y2="${n2(y0 + 5)}" stroke="#333"/>` +
        `<text x="${n2(x(t))}" y="${n2(y0 + 18)}" text-anchor="middle">${alphaTick(t)}</text>`,
    );
  }
  if (xTitle) out.push(`<text x="${n2((x0 + x1) / 2)}" y="${n2(y0 + 36)}" text-anchor="middle">${escapeHtml(xTitle)}</text>`);
  out.push('</g>');
  out.push(`<g class="axis axis-y"><line x1="${n2(x0)}" y1="${n2(y0)}" x2="${n2(x0)}" y2="${n2(y1)}" stroke="#333"/>`);
  for (const t of y.ticks(ticks)) {
    out.push(
      `<line x1="${n2(x0)}" y1="${n2(y(t))}" x2="${n2(x1)}" y2="${n2(y(t))}" stroke="#eee"/>` +
        `<line x1="${n2(x0 - 5)}" y1="${n2(y(t))}" x2="${n2(x0)}" y2="${n2(y(t))}" stroke="#333"/>` +
        `<text x="${n2(x0 - 8)}" y="${n2(y(t) + 4)}" text-anchor="end">${tickLabel(t, yStep)}</text>`,
    );
  }
  if (yTitle)
    out.push(
      `<text transform="translate(${n2(x0 - 50)},${n2((y0 + y1) / 2)}) rotate(-90)" text-anchor="middle">${escapeHtml(yTitle)}</text>`,
    );
  out.push('</g>');
  return out;
}

/** The dashed y = α diagonal, cut where it leaves the panel (whichever axis ends first). */
function alphaLine(x: ScaleLinear<number, number>, y: ScaleLinear<number, number>, width: number): string {
  const end = Math.min(x.domain()[1]!, y.domain()[1]!);
  return `<line class="alpha-line" x1="${n2(x(0))}" y1="${n2(y(0))}" x2="${n2(x(end))}" y2="${n2(y(end))}" stroke="#555" stroke-width="${width}" stroke-dasharray="6,4"/>`;
}

interface Metric {
  mean: (r: SummaryRow) => number;
  p5: (r: SummaryRow) => number;
  p95: (r: SummaryRow) => number;
}

interface Style {
  color: string;
  marker: SymbolType;
  name: string;
}

function markerPath(s: Style, size: number): string {
  return symbol(s.marker, size).digits(2)() ?? '';
}

/** Means as a line with the method's marker; whiskers (p5–p95) at the table budgets, or everywhere when sparse. */
function series(method: string, s: Style, rows: SummaryRow[], x: (a: number) => number, y: ScaleLinear<number, number>, m: Metric): string {
  const dense = rows.length > DENSE;
  const path =
    line<SummaryRow>()
      .x((r) => x(r.alpha))
      .y((r) => y(m.mean(r)))
      .digits(2)(rows) ?? '';
  const marked = dense ? rows.filter((r) => DEFAULT_ALPHAS.some((a) => sameAlpha(a, r.alpha))) : rows;
  const whiskers = marked.map((r) => {
    const cx = n2(x(r.alpha));
    const lo = n2(y(m.p5(r)));
    const hi = n2(y(m.p95(r)));
    const l = n2(x(r.alpha) - 3);
    const rr = n2(x(r.alpha) + 3);
    return `<path class="whisker" d="M${cx},${lo}V${hi}M${l},${lo}H${rr}M${l},${hi}H${rr}" stroke="${s.color}" fill="none"/>`;
  });
  const d = markerPath(s, 48);
  const marks = marked.map(
    (r) =>
      `<path class="marker" data-marker="${s.name}" transform="translate(${n2(x(r.alpha))},${n2(y(m.mean(r)))})" d="${d}" fill="${s.color}" stroke="#fff" stroke-width="0.6"/>`,
  );
  return `<g class="series" data-method="${escapeHtml(method)}" data-color="${s.color}" data-marker="${s.name}"><path class="line" d="${path}" stroke="${s.color}" stroke-width="1.6" fill="none"/>${whiskers.join('')}${marks.join('')}</g>`;
}

/** One small panel: a method's p5–p95 band (light fill, dashed edges) and mean, with the reference lines. */
function smallPanel(
  method: string,
  s: Style,
  rows: SummaryRow[],
  left: number,
  width: number,
  top: number,
  xDomain: [number, number],
  yMax: number,
  m: Metric,
  refs: { noGuard?: number; alphaLine: boolean },
): string {
  const x = scaleLinear()
    .domain(xDomain)
    .range([left, left + width]);
  const y = scaleLinear()
    .domain([0, yMax])
    .nice(3)
    .range([top + SMALL.height, top]);
  const out: string[] = [`<g class="small" data-method="${escapeHtml(method)}">`];
  out.push(
    `<text x="${n2(left)}" y="${n2(top - 6)}" font-size="11" font-weight="bold" fill="${s.color}">${escapeHtml(methodLabel(method))}</text>`,
  );
  out.push(...axes(x, y, '', '', 3));
  if (refs.alphaLine) out.push(alphaLine(x, y, 1));
  if (refs.noGuard != null)
    out.push(
      `<line class="reference no-guard" x1="${n2(left)}" y1="${n2(y(refs.noGuard))}" x2="${n2(left + width)}" y2="${n2(y(refs.noGuard))}" stroke="#888" stroke-dasharray="2,3"/>`,
    );
  const band =
    area<SummaryRow>()
      .x((r) => x(r.alpha))
      .y0((r) => y(m.p5(r)))
      .y1((r) => y(m.p95(r)))
      .digits(2)(rows) ?? '';
  const lo =
    line<SummaryRow>()
      .x((r) => x(r.alpha))
      .y((r) => y(m.p5(r)))
      .digits(2)(rows) ?? '';
  const hi =
    line<SummaryRow>()
      .x((r) => x(r.alpha))
      .y((r) => y(m.p95(r)))
      .digits(2)(rows) ?? '';
  const mean =
    line<SummaryRow>()
      .x((r) => x(r.alpha))
      .y((r) => y(m.mean(r)))
      .digits(2)(rows) ?? '';
  out.push(
    `<path class="band" d="${band}" fill="${s.color}" fill-opacity="0.22" stroke="none"/>` +
      `<path class="band-edge" d="${lo}" stroke="${s.color}" stroke-width="0.8" stroke-dasharray="3,2" fill="none"/>` +
      `<path class="band-edge" d="${hi}" stroke="${s.color}" stroke-width="0.8" stroke-dasharray="3,2" fill="none"/>` +
      `<path class="line" d="${mean}" stroke="${s.color}" stroke-width="1.4" fill="none"/>`,
  );
  out.push('</g>');
  return out.join('');
}

/**
 * Risk–utility frontier like the paper's Figure 2, as a standalone SVG string.
 * Panel A: autonomous success U against budget α per method; panel B: mean held-out
 * loss L̄ against α with the dashed y = α line. Every method has its own colour and
 * marker (executed-step CRC included); p5–p95 whiskers at the table budgets (every
 * budget when there are at most 12). The α axis stops a little above the no-guard loss:
 * beyond it every ledger method can run ungated, so nothing changes. Below the overlay,
 * small multiples give each method's p5–p95 band of U (row C) and L̄ (row D) on its
 * own, so bands of different methods never pile up. No guard is the dotted level.
 */
export function frontierSvg(rows: SummaryRow[], opts: FrontierOptions): string {
  const present = [...new Set(rows.map((r) => r.method))].sort(compareMethods);
  const methods = (opts.methods ?? present.filter((m) => m !== 'no-guard')).filter((m) => present.includes(m));
  const noGuard = rows.find((r) => r.method === 'no-guard');
  const requested = (r: SummaryRow) => !opts.alphas || opts.alphas.some((a) => sameAlpha(a, r.alpha));
  const allAlphaMax =
    max(
      rows.filter((r) => methods.includes(r.method) && requested(r)),
      (r) => r.alpha,
    ) ?? 0.2;
  // the informative range: up to (a little above) the no-guard loss, never past the largest budget
  const limit = noGuard && noGuard.meanLoss > 0 ? Math.min(allAlphaMax, noGuard.meanLoss * HEADROOM) : allAlphaMax;
  const keep = (r: SummaryRow) => requested(r) && (r.alpha <= limit + 1e-12 || (!!opts.alphas && requested(r)));
  const byMethod = methods.map((m) => rows.filter((r) => r.method === m && keep(r)).sort((a, b) => a.alpha - b.alpha));
  const plotted = byMethod.flat();
  const alphaMax = max(plotted, (r) => r.alpha) ?? 0.2;
  const lossMax = Math.max(Math.min(alphaMax, 1), max(plotted, (r) => r.lossP95) ?? 0, noGuard?.meanLoss ?? 0);
  const style = (m: string, i: number): Style => STYLE[m] ?? EXTRA[i % EXTRA.length]!;

  const top = PANEL.top;
  const bottom = top + PANEL.height;
  // whiskers of different methods at one α would overlap: dodge each method by a few pixels
  const dodge = (i: number) => (i - (methods.length - 1) / 2) * 3;
  const legendY = bottom + 58;
  const legendRows = Math.ceil((methods.length + 1 + (noGuard ? 1 : 0)) / 4);
  const smallTop = Math.max(SMALL.top, legendY + legendRows * 20 + 40);
  const height = smallTop + 2 * SMALL.gap - 10;

  // a title wider than the figure (three model names: 1,100 px) is wrapped, and the figure moved down under it
  const titleLines = wrapText(opts.title, WIDTH - 2 * TITLE.margin, TITLE.size, 'bold');
  const below = (titleLines.length - 1) * TITLE.line;
  const total = height + below;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${total}" viewBox="0 0 ${WIDTH} ${total}" font-family="${FONT}" font-size="12" fill="#222">`,
  );
  out.push(`<rect width="${WIDTH}" height="${total}" fill="#fff"/>`);
  const titleText =
    titleLines.length === 1
      ? escapeHtml(opts.title)
      : titleLines.map((l, i) => `<tspan x="${WIDTH / 2}"${i ? ` dy="${TITLE.line}"` : ''}>${escapeHtml(l)}</tspan>`).join('');
  out.push(
    `<text class="title" x="${WIDTH / 2}" y="26" text-anchor="middle" font-size="${TITLE.size}" font-weight="bold">${titleText}</text>`,
  );
  if (below) out.push(`<g transform="translate(0,${below})">`);

  const utility: Metric = { mean: (r) => r.utility, p5: (r) => r.utilityP5, p95: (r) => r.utilityP95 };
  const loss: Metric = { mean: (r) => r.meanLoss, p5: (r) => r.lossP5, p95: (r) => r.lossP95 };
  const panels = [
    {
      id: 'panel-utility',
      label: 'A  Autonomous success U vs budget α',
      yTitle: 'autonomous success U',
      domain: [0, 1] as [number, number],
      metric: utility,
      ref: noGuard?.utility,
    },
    {
      id: 'panel-loss',
      label: 'B  Mean held-out loss L̄ vs budget α',
      yTitle: 'mean episode loss L̄',
      domain: [0, lossMax] as [number, number],
      metric: loss,
      ref: noGuard?.meanLoss,
    },
  ];
  let xDomain: [number, number] = [0, alphaMax];
  panels.forEach((p, k) => {
    const left = PANEL.left[k]!;
    const x = scaleLinear()
      .domain([0, alphaMax])
      .nice(6)
      .range([left, left + PANEL.width]);
    xDomain = x.domain() as [number, number];
    const y = scaleLinear().domain(p.domain).nice(6).range([bottom, top]);
    out.push(`<g class="panel" id="${p.id}">`);
    out.push(`<text x="${left}" y="${top - 14}" font-size="13" font-weight="bold">${escapeHtml(p.label)}</text>`);
    out.push(...axes(x, y, 'budget α', p.yTitle));
    if (p.id === 'panel-loss') out.push(alphaLine(x, y, 1.2));
    if (p.ref != null) {
      out.push(
        `<line class="reference no-guard" x1="${n2(x.range()[0]!)}" y1="${n2(y(p.ref))}" x2="${n2(x.range()[1]!)}" y2="${n2(y(p.ref))}" stroke="#888" stroke-dasharray="2,3"/>`,
      );
    }
    byMethod.forEach((rs, i) => out.push(series(methods[i]!, style(methods[i]!, i), rs, (a) => x(a) + dodge(i), y, p.metric)));
    out.push('</g>');
  });

  const legend: Array<{ label: string; mark: string }> = methods.map((m, i) => {
    const s = style(m, i);
    return {
      label: methodLabel(m),
      mark: `<line x1="0" y1="0" x2="22" y2="0" stroke="${s.color}" stroke-width="2"/><path class="marker" data-marker="${s.name}" transform="translate(11,0)" d="${markerPath(s, 48)}" fill="${s.color}" stroke="#fff" stroke-width="0.6"/>`,
    };
  });
  legend.push({ label: 'y = α (budget)', mark: '<line x1="0" y1="0" x2="22" y2="0" stroke="#555" stroke-dasharray="6,4"/>' });
  if (noGuard) legend.push({ label: 'No guard', mark: '<line x1="0" y1="0" x2="22" y2="0" stroke="#888" stroke-dasharray="2,3"/>' });
  const colWidth = WIDTH / 4;
  out.push('<g class="legend">');
  legend.forEach((e, i) => {
    const lx = 40 + (i % 4) * colWidth;
    const ly = legendY + Math.floor(i / 4) * 20;
    out.push(
      `<g class="legend-item" transform="translate(${n2(lx)},${n2(ly)})">${e.mark}<text x="28" y="4">${escapeHtml(e.label)}</text></g>`,
    );
  });
  out.push('</g>');

  // small multiples: each method's spread alone, same α axis as the overlay
  const cols = Math.max(1, methods.length);
  const w = (WIDTH - SMALL.left - SMALL.right - (cols - 1) * SMALL.space) / cols;
  const uMax = 1;
  const rowsSpec = [
    {
      id: 'small-utility',
      label: 'C  U per method: mean and p5–p95 band over splits',
      metric: utility,
      yMax: uMax,
      ref: noGuard?.utility,
      alphaLine: false,
    },
    {
      id: 'small-loss',
      label: 'D  L̄ per method: mean and p5–p95 band over splits (dashed diagonal: y = α)',
      metric: loss,
      yMax: lossMax,
      ref: noGuard?.meanLoss,
      alphaLine: true,
    },
  ];
  rowsSpec.forEach((spec, k) => {
    const t = smallTop + k * SMALL.gap;
    out.push(`<g class="small-multiples" id="${spec.id}">`);
    out.push(`<text x="${SMALL.left - 40}" y="${n2(t - 24)}" font-size="13" font-weight="bold">${escapeHtml(spec.label)}</text>`);
    byMethod.forEach((rs, i) => {
      const left = SMALL.left + i * (w + SMALL.space);
      out.push(
        smallPanel(methods[i]!, style(methods[i]!, i), rs, left, w, t, xDomain, spec.yMax, spec.metric, {
          ...(spec.ref == null ? {} : { noGuard: spec.ref }),
          alphaLine: spec.alphaLine,
        }),
      );
    });
    out.push('</g>');
  });
  out.push(
    `<text x="${WIDTH - 10}" y="${height - 8}" text-anchor="end" font-size="10" fill="#666">points: mean over splits; whiskers and bands: empirical 5th–95th percentiles over splits${limit < allAlphaMax ? `; α shown up to ${HEADROOM} × the no-guard loss (beyond it nothing changes)` : ''}</text>`,
  );
  if (below) out.push('</g>');
  out.push('</svg>');
  return out.join('\n') + '\n';
}
