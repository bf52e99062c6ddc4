/** z for a two-sided 95% interval: the 0.975 quantile of the standard normal. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for k successes in n trials (Wilson 1927), [0, 1] clipped by
 * construction; null when n = 0 (no trials, no rate).
 */
export function wilsonInterval(k: number, n: number, z = Z95): { low: number; high: number } | null {
  if (n === 0) return null;
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
