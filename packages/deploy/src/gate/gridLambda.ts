import { compareRational, decimalRational, gridRational, gridSize, gridValue, type GridConfig } from '@carb/pipeline';
import { badValue } from '@carb/io';

/**
 * The grid index of a threshold typed as a decimal (`.58`, `0.58`, `1`, `-1` for λ⊥): the
 * deployable thresholds are the grid's, and offline replay compares against exactly those.
 */
export function gridLambda(flag: string, text: string, grid: GridConfig): number {
  const expected = `a grid value (${grid.bottom} for λ⊥, or 0, ${gridValue(grid, 2)}, …, 1)`;
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text.trim())) throw badValue(flag, expected, text);
  const x = decimalRational(Number(text.trim()));
  for (let g = 0; g < gridSize(grid); g++) if (compareRational(gridRational(grid, g), x) === 0) return g;
  throw badValue(flag, expected, text);
}
