import { compareRational, decimalRational, doubleRational, type Rational } from './rational.ts';

/**
 * A proposal score q_t. The weighted scorer's score is exact: integer units over the
 * common denominator of the weights (a power of ten), already clipped to [0, 1]; so is a
 * bring-your-own score, read as the decimal its file wrote (externalScore). Noise-perturbed
 * scores are doubles, compared with thresholds at their exact binary value.
 */
export type Score =
  { readonly kind: 'exact'; readonly units: number; readonly denominator: number } | { readonly kind: 'double'; readonly value: number };

export function exactScore(units: number, denominator: number): Score {
  return { kind: 'exact', units, denominator };
}

export function doubleScore(value: number): Score {
  return { kind: 'double', value };
}

/**
 * A bring-your-own score as the decimal it was written as: a judge file's 0.23 is 23/100, not
 * the double just above it, so `q > λ` at λ = .23 is false as the file's author means it. A
 * value with more places than a double carries (or beyond 2^53 units) stays a double.
 */
export function externalScore(value: number): Score {
  const d = decimalRational(value);
  return d.places <= 15 && d.num <= BigInt(Number.MAX_SAFE_INTEGER) && d.num >= 0n
    ? exactScore(Number(d.num), Number(d.den))
    : doubleScore(value);
}

/** The score as an exact rational. */
export function scoreRational(q: Score): Rational {
  return q.kind === 'exact' ? { num: BigInt(q.units), den: BigInt(q.denominator) } : doubleRational(q.value);
}

/** Algorithm 1's stopping test q > λ, without rounding. */
export function scoreExceeds(q: Score, lambda: Rational): boolean {
  return compareRational(scoreRational(q), lambda) > 0;
}

/** Nearest double (for score perturbation and plots; never for a threshold decision). */
export function scoreValue(q: Score): number {
  return q.kind === 'exact' ? q.units / q.denominator : q.value;
}

/**
 * Exact decimal text of a score: an exact score prints all its digits ("0.61", "1", "0");
 * a double prints its shortest round-trip form, which names that double uniquely.
 */
export function formatScore(q: Score): string {
  if (q.kind === 'double') return String(q.value);
  if (!/^10*$/.test(String(q.denominator))) throw new Error(`formatScore: expected a power-of-ten denominator, found ${q.denominator}`);
  const places = String(q.denominator).length - 1;
  const sign = q.units < 0 ? '-' : '';
  const digits = String(Math.abs(q.units)).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places).replace(/0+$/, '');
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}
