/**
 * Rounds to `digits` decimals the way the paper's Python formatting does: correctly
 * rounded from the exact binary value, exact ties to even (JS toFixed sends ties up).
 */
export function toFixedEven(x: number, digits: number): string {
  if (!Number.isFinite(x)) throw new Error(`report: expected a finite number, found ${x}`);
  const fixed = x.toFixed(digits);
  // 40 more digits expose an exact tie: every double near a decimal midpoint differs from it well before that
  const exact = x.toFixed(Math.min(100, digits + 40));
  const tail = exact.slice(exact.length - 40);
  if (tail !== '5'.padEnd(40, '0')) return fixed;
  const lastKept = Number(exact.charAt(exact.length - 41));
  if (lastKept % 2 === 1) return fixed; // toFixed rounded away from zero onto the even digit
  const step = 10 ** -digits;
  // toFixed went to the odd neighbour: step back towards zero (the even one)
  return (x < 0 ? x + step / 2 : x - step / 2).toFixed(digits);
}

/** Paper style: fixed decimals with the leading zero dropped (".133", "-.009", "1.000"). */
export function fmtDecimal(x: number, digits = 3): string {
  let s = toFixedEven(x, digits);
  if (/^-0\.0*$/.test(s)) s = s.slice(1); // a value that rounds to zero prints unsigned
  return s.replace(/^(-?)0\./, '$1.');
}

/** Metric cell: 3 decimals, "–" where the metric does not apply. */
export function fmtMetric(x: number | null | undefined): string {
  return x == null ? '–' : fmtDecimal(x, 3);
}

/** Threshold cell: 2 decimals; λ⊥ (any value below the [0, 1] grid) prints as "λ⊥". */
export function fmtThreshold(x: number | null | undefined): string {
  if (x == null) return '–';
  return x < 0 ? 'λ⊥' : fmtDecimal(x, 2);
}

/** Signed difference as in Table 6 ("+.102", "-.163"; zero prints "+.000"). */
export function fmtSigned(x: number, digits = 3): string {
  const s = fmtDecimal(x, digits);
  return s.startsWith('-') ? s : `+${s}`;
}

/**
 * The one budget format of every table, heading, plot and note: three decimals (".025",
 * ".050", ".100", as Tables 4, 5 and 7), more only when α needs them to print exactly
 * (1/493 → ".002028", at most six).
 */
export function fmtAlpha(alpha: number): string {
  for (let d = 3; d < 6; d++) {
    const s = toFixedEven(alpha, d);
    if (Number(s) === alpha) return fmtDecimal(alpha, d);
  }
  return fmtDecimal(alpha, 6);
}

/** A count with thousands separators, as the paper prints pool sizes ("2,000"); locale-free, so bytes are stable. */
export function fmtCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Fixed precision for machine-readable outputs, so reruns are byte-identical (−0 becomes 0). */
export function roundFixed(x: number, digits = 6): number {
  if (Number.isInteger(x)) return x === 0 ? 0 : x;
  const r = Number(x.toFixed(digits));
  return r === 0 ? 0 : r;
}

/**
 * String(roundFixed(x, digits)) without the parse and re-print: below 10⁹ with ≤ 6 digits the
 * fixed text has at most 15 significant digits, so it is exactly what the rounded double prints
 * as, less trailing zeros (the splits.csv hot path, 10⁶ cells; issue 26). Elsewhere it defers.
 */
export function roundFixedText(x: number, digits = 6): string {
  if (Number.isInteger(x)) return x === 0 ? '0' : String(x);
  if (!(Math.abs(x) < 1e9) || digits > 6) return String(roundFixed(x, digits));
  const s = x.toFixed(digits);
  let end = s.length;
  if (digits > 0) {
    while (s.charCodeAt(end - 1) === 48) end--;
    if (s.charCodeAt(end - 1) === 46) end--;
  }
  const t = end === s.length ? s : s.slice(0, end);
  return t === '-0' ? '0' : t;
}
