import { describe, expect, it } from 'vitest';
import type { SummaryRow } from '@carb/calibrate';
import { createRequire } from 'node:module';
import type * as ResvgJs from '@resvg/resvg-js';
import { fmtAlpha, frontierSvg, svgToPng } from '../src/index.ts';
import { renderOptions } from '../src/png.ts';
import { row } from './rows.ts';

const ALPHAS = [0.025, 0.05, 0.1, 0.2];
const METHODS = ['executed-step-crc', 'ledger-current', 'full-prefix', 'fixed-window-4', 'equal-size-random', 'g-carb'];

function rows(alphas = ALPHAS, noGuardLoss = 0.25): SummaryRow[] {
  const out: SummaryRow[] = [row('no-guard', 0.05, { meanLoss: noGuardLoss, utility: 0.436 })];
  METHODS.forEach((m, i) =>
    alphas.forEach((a) =>
      out.push(
        row(m, a, {
          meanLoss: a * 0.8,
          lossP5: a * 0.5,
          lossP95: a * 1.1,
          utility: Math.min(0.436, a * (2 + i / 10)),
          utilityP5: a,
          utilityP95: Math.min(0.5, a * 3),
        }),
      ),
    ),
  );
  return out;
}

const count = (s: string, needle: string) => s.split(needle).length - 1;
const between = (s: string, a: string, b: string) => s.slice(s.indexOf(a), s.indexOf(b, s.indexOf(a)));

/** Each overlay series as drawn: method, and the fill and shape (path data) of its markers. */
function drawnSeries(panel: string): Array<{ method: string; fills: Set<string>; shapes: Set<string> }> {
  return panel
    .split('<g class="series"')
    .slice(1)
    .map((g) => ({
      method: /data-method="([^"]+)"/.exec(g)![1]!,
      fills: new Set([...g.matchAll(/<path class="marker"[^>]* d="([^"]+)" fill="([^"]+)"/g)].map((m) => m[2]!)),
      shapes: new Set([...g.matchAll(/<path class="marker"[^>]* d="([^"]+)" fill="([^"]+)"/g)].map((m) => m[1]!)),
    }));
}

describe('frontierSvg', () => {
  const svg = frontierSvg(rows(), { title: 'Qwen2.5 <test> & frontier' });
  const a = between(svg, 'id="panel-utility"', 'id="panel-loss"');
  const b = between(svg, 'id="panel-loss"', '<g class="legend">');

  it('draws every method but no guard in each panel, executed-step CRC included, with p5–p95 whiskers and markers', () => {
    for (const p of [a, b]) {
      expect(count(p, '<g class="series"')).toBe(METHODS.length);
      expect(count(p, 'class="whisker"')).toBe(METHODS.length * ALPHAS.length);
      expect(count(p, 'class="marker"')).toBe(METHODS.length * ALPHAS.length);
      for (const m of METHODS) expect(p).toContain(`data-method="${m}"`);
      expect(p).not.toContain('data-method="no-guard"');
    }
    expect(count(b, 'class="alpha-line"')).toBe(1);
    expect(b).toMatch(/class="alpha-line"[^>]*stroke-dasharray="6,4"/);
    expect(count(a + b, 'class="reference no-guard"')).toBe(2);
    expect(svg).toContain('Qwen2.5 &lt;test&gt; &amp; frontier');
    expect(count(svg, 'class="legend-item"')).toBe(METHODS.length + 2); // methods, y = α, no guard
  });

  it('gives every method a colour and a marker shape of its own, the legend showing the same', () => {
    for (const p of [a, b]) {
      const series = drawnSeries(p);
      // one fill and one shape within a series
      for (const s of series) expect([s.fills.size, s.shapes.size], s.method).toEqual([1, 1]);
      const fills = series.map((s) => [...s.fills][0]);
      const shapes = series.map((s) => [...s.shapes][0]);
      expect(new Set(fills).size).toBe(METHODS.length);
      expect(new Set(shapes).size).toBe(METHODS.length);
    }
    // legend entries in order, each with its method's fill and shape
    const legend = [
      ...between(svg, '<g class="legend">', '</g>\n<g class="small-multiples"').matchAll(
        /<path class="marker"[^>]* d="([^"]+)" fill="([^"]+)"/g,
      ),
    ];
    const series = drawnSeries(a);
    expect(legend.map((m) => `${m[2]!} ${m[1]!}`)).toEqual(series.map((s) => `${[...s.fills][0]!} ${[...s.shapes][0]!}`));
  });

  it('shows each method’s p5–p95 band in a small panel of its own (U and L̄ rows), with dashed edges', () => {
    for (const id of ['small-utility', 'small-loss']) {
      const row = between(svg, `id="${id}"`, id === 'small-utility' ? 'id="small-loss"' : '</svg>');
      expect(count(row, '<g class="small"')).toBe(METHODS.length);
      expect(count(row, 'class="band"')).toBe(METHODS.length);
      expect(count(row, 'class="band-edge"')).toBe(2 * METHODS.length);
      expect(row).toMatch(/class="band-edge"[^>]*stroke-dasharray/);
      // bands are light: no band is drawn more than a quarter opaque
      for (const m of row.matchAll(/class="band"[^>]*fill-opacity="([\d.]+)"/g)) expect(Number(m[1])).toBeLessThanOrEqual(0.25);
    }
    // the overlay panels have no bands that could pile up
    expect(a + b).not.toContain('class="band"');
  });

  it('honours methods and alphas, and is deterministic', () => {
    const only = frontierSvg(rows(), { title: 't', methods: ['executed-step-crc', 'g-carb'], alphas: [0.05, 0.1] });
    expect(count(between(only, 'id="panel-utility"', '<g class="legend">'), '<g class="series"')).toBe(4); // 2 methods × 2 panels
    expect(count(only, 'class="whisker"')).toBe(2 * 2 * 2);
    expect(frontierSvg(rows(), { title: 'Qwen2.5 <test> & frontier' })).toBe(svg);
  });

  it('places a point where the scales say: U = .2 at α = .1 in panel A', () => {
    // no no-guard row, so the α axis is [0, .2] (already nice) over 70..450; y: [0, 1] over 354..64
    const one = frontierSvg(
      [row('g-carb', 0.1, { utility: 0.2, utilityP5: 0.1, utilityP95: 0.3, meanLoss: 0.05 }), row('g-carb', 0.2, { utility: 0.4 })],
      { title: 't' },
    );
    // α = .1 → 70 + 380·(.1/.2) = 260; U = .2 → 354 − 290·.2 = 296
    expect(one).toContain('transform="translate(260.00,296.00)"');
  });

  it('stops the α axis a little above the no-guard loss (beyond it nothing changes), and prints α ticks as the tables do', () => {
    // a dense frontier to α = .5 on a corpus whose no-guard loss is .133: 1.15 × .133 = .153
    const dense = Array.from({ length: 100 }, (_, k) => (k + 1) * 0.005);
    const svgD = frontierSvg(rows(dense, 0.133), { title: 'd' });
    const axisA = between(svgD, 'id="panel-utility"', 'id="panel-loss"');
    const ticks = [...between(axisA, 'class="axis axis-x"', '</g>').matchAll(/text-anchor="middle">([^<]+)</g)]
      .map((m) => m[1]!)
      .filter((t) => t !== 'budget α');
    // the budgets up to .150 are plotted; the axis ends at the next nice tick
    expect(ticks.at(-1)).toBe('.160');
    for (const t of ticks) expect(t === '0' || t === fmtAlpha(Number(`0${t}`))).toBe(true);
    // markers only at the table budgets within the range (.025, .05, .10), one per method
    expect(count(axisA, 'class="marker"')).toBe(METHODS.length * 3);
    expect(svgD).toContain('α shown up to 1.15 × the no-guard loss');
  });
});

/** The x tick labels of each axis in `part` (the axis titles dropped). */
const xTickLabels = (part: string) =>
  part
    .split('class="axis axis-x"')
    .slice(1)
    .map((axis) =>
      [...axis.slice(0, axis.indexOf('</g>')).matchAll(/text-anchor="middle">([^<]+)</g)].map((m) => m[1]!).filter((t) => t !== 'budget α'),
    );

/** Left and right edge (px) of what resvg draws of an SVG's title, set alone on the figure's width. */
function drawnTitle(svg: string): [number, number] {
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgJs;
  const title = /<text class="title".*<\/text>/.exec(svg)![0];
  const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="80" font-family="DejaVu Sans" font-size="12">${title}</svg>`;
  const box = new Resvg(alone, renderOptions(alone, 1, 'whole')).getBBox()!;
  return [box.x, box.x + box.width];
}

describe('frontierSvg fits its text', () => {
  const long = 'AgentDojo runs: claude-3-5-sonnet-20240620, gpt-4o-2024-05-13, meta-llama_Llama-3.3-70B-Instruct: risk–utility frontier';
  // six methods with budgets to .4: the shared AgentDojo runs' frontier
  const dense = Array.from({ length: 80 }, (_, k) => (k + 1) * 0.005);

  it('labels a small panel ~115 px wide at 0, .200 and .400, not five touching labels; wider axes keep theirs', () => {
    const svg = frontierSvg(rows(dense, 0.4), { title: 't' });
    const small = xTickLabels(svg.slice(svg.indexOf('id="small-utility"')));
    expect(small).toHaveLength(2 * METHODS.length);
    for (const labels of small) expect(labels).toEqual(['0', '.200', '.400']);
    const overlay = xTickLabels(svg.slice(0, svg.indexOf('<g class="legend">')));
    expect(overlay).toEqual(Array.from({ length: 2 }, () => ['0', '.050', '.100', '.150', '.200', '.250', '.300', '.350', '.400']));
    // three methods: panels of ~266 px take the five labels d3 gives
    const three = frontierSvg(rows(dense, 0.4), { title: 't', methods: METHODS.slice(0, 3) });
    for (const labels of xTickLabels(three.slice(three.indexOf('id="small-utility"'))))
      expect(labels).toEqual(['0', '.100', '.200', '.300', '.400']);
  });

  it('wraps a title wider than the figure, which resvg then draws inside it, and moves the figure down by the line added', () => {
    const short = frontierSvg(rows(), { title: 't' }).split('\n');
    const svg = frontierSvg(rows(), { title: long });
    expect(svg).toContain(
      '<tspan x="480">AgentDojo runs: claude-3-5-sonnet-20240620, gpt-4o-2024-05-13,</tspan><tspan x="480" dy="20">meta-llama_Llama-3.3-70B-Instruct: risk–utility frontier</tspan>',
    );
    const [left, right] = drawnTitle(svg);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(960);
    // the same title on one line (as before) runs off both edges
    const [left1, right1] = drawnTitle(
      svg.replace(
        /<text class="title".*<\/text>/,
        `<text class="title" x="480" y="26" text-anchor="middle" font-size="16" font-weight="bold">${long}</text>`,
      ),
    );
    expect(left1).toBeLessThan(0);
    expect(right1).toBeGreaterThan(960);
    // everything below the title is the short title's figure, 20 px lower
    const lines = svg.split('\n');
    const h = Number(/height="(\d+)"/.exec(short[0]!)![1]);
    expect(lines[0]).toBe(short[0]!.replaceAll(`${h}`, `${h + 20}`));
    expect(lines[3]).toBe('<g transform="translate(0,20)">');
    expect(lines.slice(4, -3)).toEqual(short.slice(3, -2));
    expect(lines.slice(-3)).toEqual(['</g>', '</svg>', '']);
  }, 60_000);
});

describe('svgToPng', () => {
  it('returns a PNG at twice the SVG size by default', () => {
    const svg = frontierSvg(rows(), { title: 'png' });
    const [w, h] = [/width="(\d+)"/.exec(svg)![1], /height="(\d+)"/.exec(svg)![1]].map(Number) as [number, number];
    const png = svgToPng(svg);
    expect(Array.from(png.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset);
    expect(view.getUint32(16)).toBe(2 * w); // IHDR width
    expect(view.getUint32(20)).toBe(2 * h); // IHDR height
    expect(w).toBe(960);
    const one = svgToPng(svg, { scale: 1 });
    expect(new DataView(one.buffer, one.byteOffset).getUint32(16)).toBe(960);
  }, 60_000);
});
