export {
  compareRational,
  ceilRational,
  doubleRational,
  decimalRational,
  reducedRational,
  rationalValue,
  lcm,
  type Rational,
} from './rational.ts';
export { exactScore, externalScore, doubleScore, scoreRational, scoreExceeds, scoreValue, formatScore, type Score } from './score.ts';
export { exactWeights, SCORER_FEATURES, MAX_WEIGHT_PLACES, type ExactWeights } from './exactWeights.ts';
