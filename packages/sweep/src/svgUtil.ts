import { PLOT_FONT_FAMILY, escapeHtml } from '@carb/io';
import { fmtDecimal } from '@carb/report';
import type { ScaleLinear } from 'd3-scale';

// the family the PNG is rendered with (svgToPng of @carb/report); the generic one only serves browsers without it
const FONT = `${PLOT_FONT_FAMILY}, sans-serif`;

/** A method's plot colour: the report's (one place). */
export { methodColor } from '@carb/report';

/** Fixed two-decimal coordinates keep the SVG byte-stable across platforms (as the report's plots). */
export function n2(x: number): string {
  const s = x.toFixed(2);
  return s === '-0.00' ? '0.00' : s;
}

/** The opening of a figure in the report's look: white page, DejaVu Sans 12 px, bold 16 px title. */
export function svgOpen(width: number, height: number, title: string): string[] {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" font-size="12" fill="#222">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text class="title" x="${n2(width / 2)}" y="26" text-anchor="middle" font-size="16" font-weight="bold">${escapeHtml(title)}</text>`,
  ];
}

/** Tick text as the report prints it: "0", then as many decimals as the tick step needs, no leading zero. */
function tickLabel(v: number, step: number): string {
  if (v === 0) return '0';
  const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return fmtDecimal(v, digits);
}

/** A value axis from x0 to x1 (grid lines across), its ticks and a rotated title; `y.range()` is [bottom, top]. */
export function yAxis(y: ScaleLinear<number, number>, x0: number, x1: number, title: string, ticks = 5): string {
  const [b, t] = y.range() as [number, number];
  const values = y.ticks(ticks);
  const step = values.length > 1 ? values[1]! - values[0]! : 1;
  const out = [`<g class="axis axis-y">`];
  for (const v of values) {
    out.push(
      `<line x1="${n2(x0)}" y1="${n2(y(v))}" x2="${n2(x1)}" y2="${n2(y(v))}" stroke="#eee"/>` +
        `<line x1="${n2(x0 - 5)}" y1="${n2(y(v))}" x2="${n2(x0)}" y2="${n2(y(v))}" stroke="#333"/>` +
        `<text class="tick" x="${n2(x0 - 8)}" y="${n2(y(v) + 4)}" text-anchor="end">${tickLabel(v, step)}</text>`,
    );
  }
  out.push(`<line class="axis-line" x1="${n2(x0)}" y1="${n2(b)}" x2="${n2(x0)}" y2="${n2(t)}" stroke="#333"/>`);
  out.push(`<line class="baseline" x1="${n2(x0)}" y1="${n2(b)}" x2="${n2(x1)}" y2="${n2(b)}" stroke="#333"/>`);
  if (title)
    out.push(`<text transform="translate(${n2(x0 - 48)},${n2((b + t) / 2)}) rotate(-90)" text-anchor="middle">${escapeHtml(title)}</text>`);
  out.push('</g>');
  return out.join('');
}

/** A vertical whisker with caps from `lo` to `hi` (pixels) at x, caps `cap` pixels either side. */
export function whisker(x: number, lo: number, hi: number, color: string, cap = 4): string {
  const l = n2(x - cap);
  const r = n2(x + cap);
  return `<path class="whisker" d="M${n2(x)},${n2(lo)}V${n2(hi)}M${l},${n2(lo)}H${r}M${l},${n2(hi)}H${r}" stroke="${color}" stroke-width="1.2" fill="none"/>`;
}

/** "20", or "18–20" when conditions differ in their number of assignments. */
export function splitCounts(counts: readonly number[]): string {
  const lo = Math.min(...counts);
  const hi = Math.max(...counts);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}
