import type { MeanSe } from './types.ts';

/**
 * Mean and standard error (sample sd / √k) of a metric over a condition's assignments, over the
 * splits where it is defined; null when it is defined on none. One split has se 0 (no spread to
 * estimate; a JSON result cannot hold NaN).
 */
export function meanSe(values: ReadonlyArray<number | null>): MeanSe | null {
  const xs = values.filter((v): v is number => v !== null);
  const k = xs.length;
  if (k === 0) return null;
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / k;
  if (k === 1) return { mean, se: 0 };
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  return { mean, se: Math.sqrt(ss / (k - 1)) / Math.sqrt(k) };
}
