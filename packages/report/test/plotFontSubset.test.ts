import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@carb/io';
import { svgToPng } from '../src/index.ts';
import { renderOptions } from '../src/png.ts';
import { PLOT_FONT_SUBSET_RANGES, subsetCovers } from '../src/plotFontSubset.ts';

/** Lines of text as an SVG in the plots' family, each line once in regular and once in bold. */
function textSvg(lines: readonly string[]): string {
  const rows = lines.flatMap((l, i) =>
    ['normal', 'bold'].map((w, k) => `<text x="8" y="${24 + (2 * i + k) * 22}" font-weight="${w}">${escapeHtml(l)}</text>`),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="820" height="${40 + lines.length * 44}" font-family="DejaVu Sans, sans-serif" font-size="14" fill="#222">`,
    ...rows,
    '</svg>',
  ].join('\n');
}

/** Whether two PNGs are the same bytes. */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

const render = (svg: string, fonts: 'subset' | 'whole') => new Uint8Array(new Resvg(svg, renderOptions(svg, 1, fonts)).render().asPng());

describe('the plot font subset (configs/fonts)', () => {
  // every character of the ranges, 48 to a line
  const every: string[] = [];
  for (const [lo, hi] of PLOT_FONT_SUBSET_RANGES)
    for (let c = lo; c <= hi; c += 48)
      every.push(Array.from({ length: Math.min(48, hi - c + 1) }, (_, k) => String.fromCharCode(c + k)).join(''));
  // kerning pairs, combining marks on letters, the symbols of carb's own labels
  every.push('AV AW AY Ta Te To Tr Ty Va Vo Wa Wo Ya Yo LT LV LY P. F, r. “Quoted” ‘q’ — L̄ λ̂ x̄ ŷ α–β ≤ ≥ ± × → ∞ ≈ ≠ ‰ ℓ €');

  it('draws every character of its ranges, in both weights, to the same PNG bytes as the whole fonts', () => {
    const svg = textSvg(every);
    expect(subsetCovers(svg)).toBe(true);
    const whole = render(svg, 'whole');
    expect(same(render(svg, 'subset'), whole)).toBe(true);
    // what svgToPng picks for it, at the plots' scale too
    expect(same(svgToPng(svg, { scale: 1 }), whole)).toBe(true);
  }, 60_000);

  it('is left for the whole fonts where it lacks a character they draw (Armenian), so the PNG stays the same', () => {
    const svg = textSvg(['Աբգդ lies outside the ranges']);
    expect(subsetCovers(svg)).toBe(false);
    const whole = render(svg, 'whole');
    // the subset really lacks it: the comparison above can fail
    expect(same(render(svg, 'subset'), whole)).toBe(false);
    expect(same(svgToPng(svg, { scale: 1 }), whole)).toBe(true);
  }, 60_000);

  it('covers an SVG only when every character lies in the ranges and none is a numeric reference', () => {
    expect(subsetCovers('<svg>\n\t<text>L̄ α–β ≤ 0.05 €</text>\r\n</svg>')).toBe(true);
    expect(subsetCovers('<text>中</text>')).toBe(false);
    expect(subsetCovers('<text>tool 🔧</text>')).toBe(false);
    expect(subsetCovers('<text>&#1329;</text>')).toBe(false);
    expect(subsetCovers('<text>&#x531;</text>')).toBe(false);
    expect(subsetCovers('<text>a\u007fb</text>')).toBe(false);
    expect(subsetCovers('<text>a\u0001b</text>')).toBe(false);
    // the named references XML defines stand for ASCII characters
    expect(subsetCovers('<text>a &amp; b &lt; c</text>')).toBe(true);
  });
});
