import type { Rational } from '@carb/pipeline';

/** A finite double in (0, ∞) as m / 2^e exactly (m, e integers): doubling is exact below overflow. */
function dyadic(x: number): { m: bigint; e: bigint } {
  let e = 0n;
  while (!Number.isInteger(x)) {
    x *= 2;
    e++;
  }
  return { m: BigInt(x), e };
}

/**
 * Exactly whether P(Bin(n, α) ≤ k) ≤ δ, for α = a/b rational and δ the exact value of a double:
 * Σ_{j ≤ k} C(n, j) a^j (b−a)^{n−j} · 2^e ≤ m · b^n in integers, the terms by
 * T_{j+1} = T_j (n−j) a / ((j+1)(b−a)), which divides exactly. O(k) big-integer operations
 * on numbers of n·log₂ b bits: the tie-breaker for the log-space tail, not the everyday path.
 */
export function binomialCdfAtMost(n: number, alpha: Rational, k: number, delta: number): boolean {
  if (!(delta > 0)) return false;
  if (delta >= 1) return true;
  if (k >= n) return false; // P = 1 > δ
  if (k < 0) return true; // P = 0
  const a = alpha.num;
  const b = alpha.den;
  if (a === 0n) return false; // P = 1
  if (a === b) return true; // P = 0 for k < n
  const c = b - a;
  const N = BigInt(n);
  let term = c ** N;
  let sum = term;
  for (let j = 0n; j < BigInt(k); j++) {
    term = (term * (N - j) * a) / ((j + 1n) * c);
    sum += term;
  }
  const { m, e } = dyadic(delta);
  return sum << e <= m * b ** N;
}
