/** A count out of n; `rate` is null when n = 0 (nothing to measure, not zero). */
export interface Proportion {
  count: number;
  n: number;
  rate: number | null;
}

/** The proportion of `flags` that are true. */
export function proportion(flags: readonly boolean[]): Proportion {
  const count = flags.filter(Boolean).length;
  return { count, n: flags.length, rate: flags.length === 0 ? null : count / flags.length };
}
