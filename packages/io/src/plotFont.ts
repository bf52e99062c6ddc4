/**
 * The one font family of every plot carb draws: each SVG names it, and report's svgToPng
 * renders the PNG with the bundled copy of it (so a figure package needs no renderer to name it).
 */
export const PLOT_FONT_FAMILY = 'DejaVu Sans';
