import { POOLED_STRATUM, type SummaryRow } from '@carb/calibrate';
import { roundFixed } from './format.ts';

/** summary.json keys, in the order of the SummaryRow type (issues 5 and 10). */
export const SUMMARY_KEYS = [
  'stratum',
  'guarantee',
  'delta',
  'method',
  'alpha',
  'splits',
  'feasible',
  'meanLoss',
  'lossP5',
  'lossP95',
  'intervention',
  'interventionP5',
  'interventionP95',
  'utility',
  'utilityP5',
  'utilityP95',
  'stepRate',
  'ctxRed',
  'harmStop',
  'benignStop',
  'lambdaMin',
  'lambdaMedian',
  'lambdaMax',
] as const satisfies readonly (keyof SummaryRow)[];

/** Values of the keys a run without strata or high-probability rows leaves out. */
const ABSENT: Partial<Record<(typeof SUMMARY_KEYS)[number], unknown>> = { stratum: POOLED_STRATUM, guarantee: 'expectation', delta: null };

/**
 * summary.json text: one object per row with exactly SUMMARY_KEYS in order (extra
 * fields dropped; stratum "all", guarantee "expectation" and delta null when absent,
 * other missing ones null), numbers rounded to `digits` decimals.
 */
export function summaryJson(rows: readonly SummaryRow[], digits = 6): string {
  const out = rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const k of SUMMARY_KEYS) {
      const v = (r as unknown as Record<string, unknown>)[k] ?? ABSENT[k];
      o[k] = typeof v === 'number' ? roundFixed(v, digits) : (v ?? null);
    }
    return o;
  });
  return JSON.stringify(out, null, 2) + '\n';
}
