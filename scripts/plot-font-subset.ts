// Writes configs/fonts/DejaVuSans.subset.ttf and DejaVuSans-Bold.subset.ttf: the bundled DejaVu Sans
// (dejavu-fonts-ttf) cut to PLOT_FONT_SUBSET_RANGES with fontTools' pyftsubset (pip install fonttools).
// resvg opens and reads a font file once per glyph it lays out (~1,500 times for frontier.png), so a
// 0.2 MB file instead of 0.75 MB takes ~30 ms off every PNG (issue 26). Everything that decides how a
// glyph is drawn and placed is kept: outlines, metrics, hinting, every layout feature and the legacy
// kern table, all names, the .notdef outline, the stored bounds and OS/2 fields. packages/report's
// tests render every character of the ranges with both fonts and require the same PNG bytes.
// Run it (npx tsx scripts/plot-font-subset.ts) only when dejavu-fonts-ttf or the ranges change.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLOT_FONT_DIR } from '../packages/report/src/png.ts';
import { PLOT_FONT_FACES, PLOT_FONT_SUBSET_RANGES } from '../packages/report/src/plotFontSubset.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, '0');
const unicodes = PLOT_FONT_SUBSET_RANGES.map(([lo, hi]) => `U+${hex(lo)}-${hex(hi)}`).join(',');
for (const face of PLOT_FONT_FACES) {
  const out = join(ROOT, 'configs/fonts', `${face}.subset.ttf`);
  const r = spawnSync(
    'pyftsubset',
    [
      join(PLOT_FONT_DIR, `${face}.ttf`),
      `--unicodes=${unicodes}`,
      '--layout-features=*',
      '--layout-scripts=*',
      '--legacy-kern',
      '--glyph-names',
      '--name-IDs=*',
      '--name-languages=*',
      '--name-legacy',
      '--notdef-glyph',
      '--notdef-outline',
      '--hinting',
      '--no-recalc-bounds',
      '--no-recalc-timestamp',
      '--no-recalc-average-width',
      '--no-prune-unicode-ranges',
      '--no-prune-codepage-ranges',
      '--drop-tables=',
      `--output-file=${out}`,
    ],
    { encoding: 'utf8' },
  );
  if (r.error || r.status !== 0) throw new Error(`pyftsubset ${face}: ${r.error?.message ?? r.stderr}`);
  // FFTM (FontForge's timestamps) is the one table pyftsubset cannot subset; it drops it, which changes no glyph
  process.stdout.write(`${out}\n${r.stderr.replace(/^WARNING: FFTM NOT subset.*\n/m, '')}`);
}
