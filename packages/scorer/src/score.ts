import type { PrefixGraph } from '@carb/evidence';
import { SCORER_FEATURES, exactScore, exactWeights, type Pipeline, type Score, type ScorerWeights } from '@carb/pipeline';
import { featureMask, type ScorerFeatures } from './features.ts';

/** q_t = clip_[0,1](wᵀ x(C_t)) with the frozen weights of pipeline.scorer.weights, exact. */
export function scoreContext(graph: PrefixGraph, selected: ArrayLike<number>, pipeline: Pipeline): Score {
  const { units, denominator } = unitList(pipeline.scorer.weights);
  const mask = featureMask(graph, selected);
  let s = 0;
  for (let i = 0; i < units.length; i++) if (((mask >>> i) & 1) === 1) s += units[i]!;
  return clipped(s, denominator);
}

/**
 * Clipped weighted sum of a feature vector, in integer units over the weights' common
 * denominator L (exactWeights), so .05 + .25 + .24 + .07 is exactly 61/100 and never
 * lands above the grid point .61 the way a float sum does.
 */
export function weightedScore(x: ScorerFeatures, w: ScorerWeights): Score {
  const { units, denominator } = exactWeights(w);
  let s = 0;
  for (const k of SCORER_FEATURES) if (x[k] === 1) s += units[k];
  return clipped(s, denominator);
}

function clipped(s: number, denominator: number): Score {
  return exactScore(s < 0 ? 0 : s > denominator ? denominator : s, denominator);
}

/** exactWeights' units in SCORER_FEATURES order (feature-mask bit order), once per weights object. */
const unitLists = new WeakMap<ScorerWeights, { units: readonly number[]; denominator: number }>();

function unitList(w: ScorerWeights): { units: readonly number[]; denominator: number } {
  let hit = unitLists.get(w);
  if (hit === undefined) {
    const { units, denominator } = exactWeights(w);
    hit = { units: SCORER_FEATURES.map((k) => units[k]), denominator };
    unitLists.set(w, hit);
  }
  return hit;
}

/** Table 1 row order. */
export const FEATURE_ORDER = SCORER_FEATURES;
