/** An exact non-negative rational num/den (den > 0), reduced. */
export interface Rational {
  num: bigint;
  den: bigint;
  /** The decimal or fraction text it was parsed from. */
  text: string;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/**
 * Parses a budget α exactly: a decimal (`.05`, `0.025`, `1`) or a fraction (`1/493`).
 * Floats like 0.1 are never involved, so `(1 + ΣL)/(n+1) ≤ α` can be decided in integers.
 */
export function parseAlpha(text: string): Rational {
  const s = text.trim();
  const frac = /^(\d+)\/(\d+)$/.exec(s);
  let num: bigint;
  let den: bigint;
  if (frac) {
    num = BigInt(frac[1]!);
    den = BigInt(frac[2]!);
  } else {
    const dec = /^(\d*)(?:\.(\d*))?$/.exec(s);
    if (!dec || (dec[1] ?? '') + (dec[2] ?? '') === '') throw new Error(`alpha "${text}": expected a decimal like .05 or a fraction like 1/493`);
    const whole = dec[1] ?? '';
    const part = dec[2] ?? '';
    num = BigInt((whole + part) || '0');
    den = 10n ** BigInt(part.length);
  }
  if (den === 0n) throw new Error(`alpha "${text}": zero denominator`);
  const g = gcd(num, den) || 1n;
  num /= g;
  den /= g;
  if (num > den) throw new Error(`alpha "${text}": expected a budget in [0, 1]`);
  return { num, den, text: s };
}

/** Nearest double, for reports only (never for feasibility). */
export function rationalValue(r: Rational): number {
  return Number(r.num) / Number(r.den);
}

/** Least common multiple of positive integers, exact. */
export function lcm(values: Iterable<number>): bigint {
  let m = 1n;
  for (const v of values) {
    const b = BigInt(v);
    m = (m / gcd(m, b)) * b;
  }
  return m;
}
