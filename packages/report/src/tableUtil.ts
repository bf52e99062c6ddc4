import type { SummaryRow } from '@carb/calibrate';

/** Budgets of the paper's tables (issue 5 default `--alphas`). */
export const DEFAULT_ALPHAS: readonly number[] = [0.025, 0.05, 0.1, 0.2];

/** α values compare as the decimals they were parsed from; float noise from arithmetic must not split a cell. */
export function sameAlpha(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-9;
}

/** The row of `method` at `alpha`, if the run produced it. */
export function findRow<R extends { method: string; alpha: number }>(rows: readonly R[], method: string, alpha: number): R | undefined {
  return rows.find((r) => r.method === method && sameAlpha(r.alpha, alpha));
}

/**
 * Budgets to display: the requested ones (default: the four table budgets) that some
 * displayed method has; when none of the defaults exist, every budget present.
 */
export function tableAlphas(
  rows: ReadonlyArray<{ method: string; alpha: number }>,
  methods: readonly string[],
  requested?: readonly number[],
): number[] {
  const present: number[] = [];
  for (const r of rows) {
    if (methods.includes(r.method) && !present.some((a) => sameAlpha(a, r.alpha))) present.push(r.alpha);
  }
  present.sort((a, b) => a - b);
  const wanted = requested ?? DEFAULT_ALPHAS;
  const picked = present.filter((a) => wanted.some((w) => sameAlpha(w, a)));
  return picked.length > 0 || requested ? picked : present;
}

/** No guard does not depend on α: any of its rows serves as the reference line. */
export function noGuardRow(rows: readonly SummaryRow[]): SummaryRow | undefined {
  return rows.find((r) => r.method === 'no-guard');
}
