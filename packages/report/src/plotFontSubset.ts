/** The faces every plot is drawn with (DejaVu Sans regular and bold), as named in dejavu-fonts-ttf's ttf/. */
export const PLOT_FONT_FACES = ['DejaVuSans', 'DejaVuSans-Bold'] as const;

/**
 * The Unicode ranges of the plot font's subset (configs/fonts, made by scripts/plot-font-subset.ts):
 * Latin (Basic, Latin-1, Extended-A), combining marks, Greek, punctuation and the symbol blocks
 * from U+2000 to U+22FF (dashes, quotes, super- and subscripts, currency, letterlike, arrows,
 * mathematical operators), geometric shapes. The text every plot of carb draws from its own
 * words and numbers lies in them; names from a user's logs mostly do.
 */
export const PLOT_FONT_SUBSET_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e],
  [0x00a0, 0x017f],
  [0x0300, 0x03ff],
  [0x2000, 0x22ff],
  [0x25a0, 0x25ff],
];

/** A character outside the subset's ranges, or a numeric character reference; tab, line feed and carriage return (the only controls XML allows) are white space to the text layout. */
const UNCOVERED = new RegExp(
  `[^\\t\\n\\r${PLOT_FONT_SUBSET_RANGES.map(([lo, hi]) => `\\u{${lo.toString(16)}}-\\u{${hi.toString(16)}}`).join('')}]|&#`,
  'u',
);

/**
 * Whether the subset draws `svg` exactly as the whole fonts do: every character of it (markup
 * included, a superset of its text) lies in the subset's ranges and none hides in a numeric
 * character reference. Otherwise a character the subset lacks could have a glyph in the whole font.
 * One regular expression: compiled to native code at once, where a loop over the characters runs
 * in the interpreter on the one call a command makes (~10 ms for a frontier, before its render starts).
 */
export function subsetCovers(svg: string): boolean {
  return !UNCOVERED.test(svg);
}
