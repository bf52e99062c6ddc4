import type { OutputRule } from '@carb/io';

/** The output rule of a `carb apply` folder: replaced whole, only when carb apply wrote it (its marker). */
export const APPLY_RULE: OutputRule = { kind: 'apply' };
