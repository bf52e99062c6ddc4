import { decimalRational } from './rational.ts';
import type { ScorerWeights } from './types.ts';

/** Table 1 row order (g-carb App. B.3). */
export const SCORER_FEATURES: readonly (keyof ScorerWeights)[] = [
  'intercept',
  'currentPrivateSource',
  'currentExternalSink',
  'currentFinancial',
  'currentIrreversible',
  'currentMessageSocial',
  'earlierPrivateSource',
  'earlierCanary',
  'earlierInjection',
  'sourceReachesSink',
  'sinkAfterSourceNoPath',
  'canaryInArgs',
  'currentRisky',
];

/** Scorer weights as integers over one common denominator L = 10^k. */
export interface ExactWeights {
  units: Readonly<Record<keyof ScorerWeights, number>>;
  /** L: a score of `s` units is s/L; clipping to [0, 1] is clipping to [0, L]. */
  denominator: number;
}

/** Decimal places a weight may have; more means the JSON number was not a short decimal (0.30000000000000004). */
export const MAX_WEIGHT_PLACES = 9;

const cache = new WeakMap<ScorerWeights, ExactWeights>();

/**
 * Reads each weight as the decimal it prints as (.05 → 5/100) and puts all of them over
 * L = 10^(most decimal places), so scores add up in integers. Throws a one-line
 * "/scorer/weights/<key>: expected …" for a missing, non-finite or over-long weight, or
 * when the weights are too large to sum in safe integers. Cached per weights object.
 */
export function exactWeights(weights: ScorerWeights): ExactWeights {
  const hit = cache.get(weights);
  if (hit) return hit;
  const parsed = SCORER_FEATURES.map((k) => {
    const w: unknown = (weights as unknown as Record<string, unknown>)[k];
    if (typeof w !== 'number' || !Number.isFinite(w)) {
      const text = JSON.stringify(w) as string | undefined; // undefined: the weight is missing
      throw new Error(`/scorer/weights/${k}: expected a finite number, found ${typeof w === 'number' ? String(w) : (text ?? String(w))}`);
    }
    const d = decimalRational(w);
    if (d.places > MAX_WEIGHT_PLACES)
      throw new Error(`/scorer/weights/${k}: expected a decimal with at most ${MAX_WEIGHT_PLACES} places, found ${String(w)}`);
    return d;
  });
  const places = Math.max(...parsed.map((d) => d.places));
  const units = {} as Record<keyof ScorerWeights, number>;
  let total = 0n;
  SCORER_FEATURES.forEach((k, i) => {
    const u = parsed[i]!.num * 10n ** BigInt(places - parsed[i]!.places);
    total += u < 0n ? -u : u;
    // every partial sum stays a safe integer when the absolute values do
    if (total > BigInt(Number.MAX_SAFE_INTEGER))
      throw new Error(
        `/scorer/weights/${k}: expected weights whose sum of magnitudes is below ${Number.MAX_SAFE_INTEGER / 10 ** places}, found ${String(weights[k])}`,
      );
    units[k] = Number(u);
  });
  const out = { units, denominator: 10 ** places };
  cache.set(weights, out);
  return out;
}
