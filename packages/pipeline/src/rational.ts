/** An exact rational num/den with den > 0 (not necessarily reduced). */
export interface Rational {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** num/den in lowest terms (den > 0). */
export function reducedRational(num: bigint, den: bigint): Rational {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
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

/** Sign of a − b, decided by cross-multiplication (no rounding). */
export function compareRational(a: Rational, b: Rational): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** ⌈num/den⌉ exactly (BigInt division truncates toward zero, which is the ceiling for negatives). */
export function ceilRational(r: Rational): bigint {
  return r.num > 0n ? (r.num + r.den - 1n) / r.den : r.num / r.den;
}

const bits = new DataView(new ArrayBuffer(8));

/** The exact binary value of a finite double, m · 2^e written as a rational. */
export function doubleRational(x: number): Rational {
  if (!Number.isFinite(x)) throw new Error(`expected a finite number, found ${x}`);
  bits.setFloat64(0, x);
  const hi = bits.getUint32(0);
  const lo = bits.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const fraction = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  // subnormals have no implicit leading 1 and the smallest exponent
  const m = biased === 0 ? fraction : fraction | (1n << 52n);
  const e = (biased === 0 ? 1 : biased) - 1075;
  const num = hi >>> 31 ? -m : m;
  return e >= 0 ? { num: num << BigInt(e), den: 1n } : { num, den: 1n << BigInt(-e) };
}

/**
 * The decimal a double prints as (its shortest round-trip form, which is what a JSON
 * file wrote for any decimal of up to 15 significant digits), as an exact rational
 * over a power of ten: 0.58 → 58/100, 1e-7 → 1/10⁷.
 */
export function decimalRational(x: number): Rational & { places: number } {
  if (!Number.isFinite(x)) throw new Error(`expected a finite number, found ${x}`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x))!;
  const frac = m[3] ?? '';
  const places = frac.length - Number(m[4] ?? 0);
  let num = BigInt(m[2]! + frac);
  if (places < 0) num *= 10n ** BigInt(-places);
  const p = Math.max(0, places);
  return { num: m[1] ? -num : num, den: 10n ** BigInt(p), places: p };
}
