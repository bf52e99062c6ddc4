/**
 * Cohen's κ = (p_o − p_e) / (1 − p_e) between two binary label sources on the same items
 * (Cohen 1960). Null (undefined) when p_e = 1: both sources give every item one same label,
 * so agreement beyond chance has nothing to measure.
 */
export function cohenKappa(a: readonly boolean[], b: readonly boolean[]): number | null {
  if (a.length !== b.length || a.length === 0)
    throw new Error(`cohenKappa: expected two label lists of one non-zero length, found ${a.length} and ${b.length}`);
  const n = a.length;
  let agree = 0;
  let aYes = 0;
  let bYes = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) agree++;
    if (a[i]) aYes++;
    if (b[i]) bYes++;
  }
  const po = agree / n;
  const pe = (aYes / n) * (bYes / n) + (1 - aYes / n) * (1 - bYes / n);
  return pe === 1 ? null : (po - pe) / (1 - pe);
}
