import type { Proportion } from '../metrics/proportion.ts';

/** A rate to two decimals, "—" when there is nothing to measure. */
export function fmt(x: number | null): string {
  return x === null ? '—' : x.toFixed(2);
}

/** A proportion as `0.09 (9/100)`. */
export function fmtProportion(p: Proportion): string {
  return p.rate === null ? '—' : `${p.rate.toFixed(2)} (${p.count}/${p.n})`;
}

/** A p-value: fixed to 3 places down to 0.001, else in exponent form. */
export function fmtP(p: number): string {
  return p >= 0.001 ? p.toFixed(3) : p.toExponential(1);
}
