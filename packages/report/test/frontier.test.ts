import { describe, expect, it } from 'vitest';
import type { SummaryRow } from '@carb/calibrate';
import { frontierSvg, svgToPng } from '../src/index.ts';
import { row } from './rows.ts';

const ALPHAS = [0.025, 0.05, 0.1, 0.2];
const METHODS = ['executed-step-crc', 'full-prefix', 'fixed-window-4', 'equal-size-random', 'g-carb'];

function rows(): SummaryRow[] {
  const out: SummaryRow[] = [row('no-guard', 0.05, { meanLoss: 0.133, utility: 0.436 })];
  METHODS.forEach((m, i) => ALPHAS.forEach((a) => out.push(row(m, a, {
    meanLoss: a * 0.8, lossP5: a * 0.5, lossP95: a * 1.1,
    utility: Math.min(0.436, a * (2 + i / 10)), utilityP5: a, utilityP95: Math.min(0.5, a * 3),
  }))));
  return out;
}

const count = (s: string, needle: string) => s.split(needle).length - 1;

describe('frontierSvg', () => {
  const svg = frontierSvg(rows(), { title: 'Qwen2.5 <test> & frontier' });

  it('draws one series per ledger-calibrated method in each panel, with p5–p95 whiskers', () => {
    const a = svg.slice(svg.indexOf('id="panel-utility"'), svg.indexOf('id="panel-loss"'));
    const b = svg.slice(svg.indexOf('id="panel-loss"'), svg.indexOf('<g class="legend">'));
    for (const p of [a, b]) {
      expect(count(p, '<g class="series"')).toBe(4); // executed-step CRC and no guard are not series by default
      expect(count(p, 'class="whisker"')).toBe(4 * ALPHAS.length);
      expect(count(p, '<circle')).toBe(4 * ALPHAS.length);
      for (const m of ['full-prefix', 'fixed-window-4', 'equal-size-random', 'g-carb']) expect(p).toContain(`data-method="${m}"`);
      expect(p).not.toContain('data-method="executed-step-crc"');
    }
    expect(count(svg, 'class="alpha-line"')).toBe(1);
    expect(b).toMatch(/class="alpha-line"[^>]*stroke-dasharray="6,4"/);
    expect(count(svg, 'class="reference no-guard"')).toBe(2);
    expect(svg).toContain('Qwen2.5 &lt;test&gt; &amp; frontier');
    expect(count(svg, 'class="legend-item"')).toBe(6); // 4 methods, y = α, no guard
  });

  it('honours methods and alphas, and is deterministic', () => {
    const only = frontierSvg(rows(), { title: 't', methods: ['executed-step-crc', 'g-carb'], alphas: [0.05, 0.1] });
    expect(count(only, '<g class="series"')).toBe(4); // 2 methods × 2 panels
    expect(count(only, 'class="whisker"')).toBe(2 * 2 * 2);
    expect(frontierSvg(rows(), { title: 'Qwen2.5 <test> & frontier' })).toBe(svg);
  });

  it('places a point where the scales say: U = .2 at α = .1 in panel A', () => {
    // x: [0, .2·1.04] niced to [0, .25] over 70..450; y: [0, 1] over 354..64
    const one = frontierSvg([row('g-carb', 0.1, { utility: 0.2, utilityP5: 0.1, utilityP95: 0.3, meanLoss: 0.05 }), row('g-carb', 0.2, { utility: 0.4 })], { title: 't' });
    // α = .1 → 70 + 380·(.1/.25) = 222; U = .2 → 354 − 290·.2 = 296
    expect(one).toContain('<circle cx="222.00" cy="296.00" r="3"');
  });
});

describe('svgToPng', () => {
  it('returns a PNG at twice the SVG size by default', () => {
    const png = svgToPng(frontierSvg(rows(), { title: 'png' }));
    expect(Array.from(png.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset);
    expect(view.getUint32(16)).toBe(1920); // IHDR width
    expect(view.getUint32(20)).toBe(960); // IHDR height
    const one = svgToPng(frontierSvg(rows(), { title: 'png' }), { scale: 1 });
    expect(new DataView(one.buffer, one.byteOffset).getUint32(16)).toBe(960);
  });
});
