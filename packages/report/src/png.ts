import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as ResvgJs from '@resvg/resvg-js';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { PLOT_FONT_FAMILY, carbPath } from '@carb/io';
import { PLOT_FONT_FACES, subsetCovers } from './plotFontSubset.ts';
import { largePagesWhileLoading } from './largePages.ts';
import { renderOnThread } from './pngThread.ts';

// DejaVu 2.37 shipped as an npm package (Bitstream Vera licence, DejaVu changes public domain):
// with system fonts off, the same glyphs are drawn on every machine, so the PNG bytes are too
// resolved as a dependency of @carb/report wherever this code runs (sources or the CLI bundle)
const requireHere = createRequire(carbPath('packages/report/package.json'));
/** The folder of the whole DejaVu fonts (scripts/plot-font-subset.ts cuts them from here). */
export const PLOT_FONT_DIR = join(dirname(requireHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = PLOT_FONT_FACES.map((f) => join(PLOT_FONT_DIR, `${f}.ttf`));
// the same fonts cut to the characters plots draw (scripts/plot-font-subset.ts): resvg reads a font file
// once per glyph, so an SVG the subset covers renders ~30 ms sooner, to the same bytes
const SUBSET_FILES = PLOT_FONT_FACES.map((f) => carbPath('configs/fonts', `${f}.subset.ttf`));

let loaded: typeof ResvgJs | null = null;

/**
 * resvg on this thread, loaded at the first svgToPng: reports render on their own thread
 * (svgToPngAsync), and loading resvg costs a command that never draws here 50–100 ms (its loader
 * asks process.report for the C library, a whole diagnostic report).
 */
function resvg(): typeof ResvgJs {
  if (loaded) return loaded;
  const release = largePagesWhileLoading();
  try {
    return (loaded = requireHere('@resvg/resvg-js') as typeof ResvgJs);
  } finally {
    release();
  }
}

/**
 * The one set of render options (bundled DejaVu Sans only, white ground), so both ways of rendering
 * draw the same bytes; the font files are the subset when it covers `svg` (else the whole fonts), or
 * as `fonts` says (the tests compare the two).
 */
export function renderOptions(svg: string, scale: number, fonts: 'subset' | 'whole' | 'auto' = 'auto'): ResvgRenderOptions {
  const subset = fonts === 'auto' ? subsetCovers(svg) : fonts === 'subset';
  return {
    fitTo: { mode: 'zoom', value: scale },
    font: {
      loadSystemFonts: false,
      fontFiles: subset ? SUBSET_FILES : FONT_FILES,
      defaultFontFamily: PLOT_FONT_FAMILY,
      sansSerifFamily: PLOT_FONT_FAMILY,
      serifFamily: PLOT_FONT_FAMILY,
      monospaceFamily: PLOT_FONT_FAMILY,
    },
    background: 'white',
  };
}

/**
 * Rasterises an SVG string with the bundled DejaVu Sans only (system fonts are never
 * read), so the PNG is byte-identical on any machine; `scale` multiplies the SVG's own size.
 */
export function svgToPng(svg: string, opts: { scale?: number } = {}): Uint8Array {
  const { Resvg } = resvg();
  return new Uint8Array(new Resvg(svg, renderOptions(svg, opts.scale ?? 2)).render().asPng());
}

/**
 * svgToPng off this thread: parsing, text layout, rasterising and the PNG encoding run on a
 * renderer thread while this one goes on. Same options, so the same bytes as svgToPng.
 */
export function svgToPngAsync(svg: string, opts: { scale?: number } = {}): Promise<Uint8Array> {
  return renderOnThread(svg, renderOptions(svg, opts.scale ?? 2));
}
