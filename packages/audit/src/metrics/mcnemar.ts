function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

// num/den as a double without overflowing: scale to a 64-bit quotient, then by a power of two
function ratio(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const shift = bitLength(den) - bitLength(num) + 64;
  return Number((num << BigInt(shift)) / den) * 2 ** -shift;
}

/**
 * McNemar's exact two-sided test on paired binary decisions (McNemar 1947): b and c are the
 * discordant counts (one evaluator detects, the other does not). Under H0 the b of the b + c
 * discordant pairs is Bin(b + c, 1/2); p = min(1, 2 · P(X ≤ min(b, c))), summed in integers.
 */
export function mcnemarExact(b: number, c: number): number {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0)
    throw new Error(`mcnemarExact: expected discordant counts ≥ 0, found ${b}, ${c}`);
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let term = 1n; // C(n, 0)
  let sum = 1n;
  for (let j = 0; j < k; j++) {
    term = (term * BigInt(n - j)) / BigInt(j + 1);
    sum += term;
  }
  return Math.min(1, ratio(2n * sum, 1n << BigInt(n)));
}
