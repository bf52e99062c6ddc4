/**
 * True when every string is greater than the one before it (so none repeats): ids in this order
 * are their own sorted order, which spares a comparison sort of 10⁶ ids (every suite is written so).
 */
export function strictlyAscending(values: readonly string[]): boolean {
  for (let i = 1; i < values.length; i++) if (!(values[i - 1]! < values[i]!)) return false;
  return true;
}
