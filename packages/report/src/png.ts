import { Resvg } from '@resvg/resvg-js';

/** Rasterises an SVG string (system fonts, generic family fallback); `scale` multiplies the SVG's own size. */
export function svgToPng(svg: string, opts: { scale?: number } = {}): Uint8Array {
  const scale = opts.scale ?? 2;
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    background: 'white',
  });
  return new Uint8Array(resvg.render().asPng());
}
