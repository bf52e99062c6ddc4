/** z_{0.975}: two-sided 95 %. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion x/n (Wilson 1927), 95 % by default:
 * centre (p̂ + z²/2n) / (1 + z²/n), half-width z/(1 + z²/n) · √(p̂(1−p̂)/n + z²/4n²).
 * With no trials (n = 0) nothing is known about the rate: the whole [0, 1]. A report that
 * shows no rate there may show no interval either ("–", null); that is printing, not this rule.
 */
export function wilsonInterval(successes: number, n: number, z: number = Z95): [number, number] {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new Error(`wilsonInterval: expected integers 0 ≤ successes ≤ n, found ${successes}/${n}`);
  }
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // the bounds at 0/n and n/n are exactly 0 and 1; the formula gives them only up to rounding
  return [successes === 0 ? 0 : Math.max(0, centre - half), successes === n ? 1 : Math.min(1, centre + half)];
}
