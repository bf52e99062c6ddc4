/**
 * Which budgets' per-split rows a report keeps: the requested ones, or the frontier's too. A module
 * of its own: `carb calibrate`'s option spec reads it at every start of the CLI, which must not load
 * the calibration job (and apache-arrow behind it) for that.
 */
export const SPLIT_ROWS = ['requested', 'all'] as const;
export type SplitRows = (typeof SPLIT_ROWS)[number];
