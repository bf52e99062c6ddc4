/**
 * Advance widths of the printable ASCII characters (U+0020 … U+007E) in DejaVu Sans 2.37 (the plot
 * font, dejavu-fonts-ttf), regular and bold, in font units (2,048 per em): the `hmtx` entries of
 * the glyphs `cmap` maps them to. The test reads them from the font files again.
 */
// prettier-ignore
export const PLOT_FONT_ASCII_ADVANCES = {
  normal: Uint16Array.of(
     651,  821,  942, 1716, 1303, 1946, 1597,  563,  799,  799, 1024, 1716,  651,  739,  651,  690, // U+0020
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303,  690,  690, 1716, 1716, 1716, 1087, // U+0030
    2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540,  604,  604, 1343, 1141, 1767, 1532, 1612, // U+0040
    1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403,  799,  690,  799, 1716, 1024, // U+0050
    1024, 1255, 1300, 1126, 1300, 1260,  721, 1300, 1298,  569,  569, 1186,  569, 1995, 1298, 1253, // U+0060
    1300, 1300,  842, 1067,  803, 1298, 1212, 1675, 1212, 1212, 1075, 1303,  690, 1303, 1716, // U+0070
  ),
  bold: Uint16Array.of(
     713,  934, 1067, 1716, 1425, 2052, 1786,  627,  936,  936, 1071, 1716,  778,  850,  778,  748, // U+0020
    1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425,  819,  819, 1716, 1716, 1716, 1188, // U+0030
    2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714,  762,  762, 1587, 1305, 2038, 1714, 1741, // U+0040
    1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485,  936,  748,  936, 1716, 1024, // U+0050
    1024, 1382, 1466, 1214, 1466, 1389,  891, 1466, 1458,  702,  702, 1362,  702, 2134, 1458, 1407, // U+0060
    1466, 1466, 1010, 1219,  979, 1458, 1335, 1892, 1321, 1335, 1192, 1458,  748, 1458, 1716, // U+0070
  ),
} as const;

const UNITS_PER_EM = 2048;
/**
 * What any other character counts: the widest ASCII glyph of the face (bold W), wider than most
 * glyphs of the font's other ranges (not Æ, Œ and some arrows), so text is rarely drawn wider than
 * measured.
 */
const OTHER = 2259;

/**
 * Width in pixels of `text` set in the plot font at `fontSize` px: the sum of the glyphs' advance
 * widths (DejaVu Sans, regular or bold), with every character outside printable ASCII counted as
 * wide as the widest ASCII glyph. For layout decisions (where to wrap a title, how many ticks fit),
 * not for placing glyphs (the renderer also kerns, moving a glyph by a few font units).
 */
export function textWidth(text: string, fontSize: number, weight: 'normal' | 'bold' = 'normal'): number {
  const advances = PLOT_FONT_ASCII_ADVANCES[weight];
  let units = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)! - 0x20;
    units += c >= 0 && c < advances.length ? advances[c]! : OTHER;
  }
  return (units / UNITS_PER_EM) * fontSize;
}
