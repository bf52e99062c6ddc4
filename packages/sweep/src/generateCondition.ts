import { generateCes, generateGraphBraid, type SuiteOutput, type SuiteParams } from '@carb/suites';
import type { ConditionSpec } from './types.ts';

/** A condition's corpus in memory, generated under `params` (its own, or its ledger twin's). */
export function generateCondition(condition: Pick<ConditionSpec, 'suite' | 'cohort' | 'seed'>, params: SuiteParams): SuiteOutput {
  if (condition.suite === 'ces') return generateCes(condition.cohort ?? 'clean', condition.seed, params);
  return generateGraphBraid(condition.seed, params);
}
