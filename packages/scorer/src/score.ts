import type { PrefixGraph } from '@carb/evidence';
import type { Pipeline, ScorerWeights } from '@carb/pipeline';
import { scoreFeatures, type ScorerFeatures } from './features.ts';

/** q_t = clip_[0,1](wᵀ x(C_t)) with the frozen weights of pipeline.scorer.weights. */
export function scoreContext(graph: PrefixGraph, selected: ArrayLike<number>, pipeline: Pipeline): number {
  return weightedScore(scoreFeatures(graph, selected), pipeline.scorer.weights);
}

/** Clipped weighted sum of a feature vector (summed in Table 1 order, so the float result is fixed). */
export function weightedScore(x: ScorerFeatures, w: ScorerWeights): number {
  let s = 0;
  for (const k of FEATURE_ORDER) if (x[k] === 1) s += w[k];
  return s < 0 ? 0 : s > 1 ? 1 : s;
}

/** Table 1 row order. */
export const FEATURE_ORDER: readonly (keyof ScorerWeights)[] = [
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
