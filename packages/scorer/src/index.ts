export { scoreFeatures, type ScorerFeatures } from './features.ts';
export { scoreContext, weightedScore, FEATURE_ORDER } from './score.ts';
