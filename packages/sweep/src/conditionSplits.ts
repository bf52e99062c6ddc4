import { makeSplits, type Split } from '@carb/calibrate';
import type { SuiteParams } from '@carb/suites';
import { conditionFolds } from './conditionFolds.ts';
import type { ConditionSpec } from './types.ts';

/**
 * The condition's assignments: split k shuffles the sorted unit ids with Python's Mersenne
 * Twister at seed splitSeeds.first + k (makeSplits draws baseSeed + k), k < splitSeeds.count.
 */
export function conditionSplits(condition: ConditionSpec, params: SuiteParams, ids: readonly string[], groups: readonly string[]): Split[] {
  const folds = conditionFolds(condition, params);
  return makeSplits(ids, groups, { ...folds, count: condition.splitSeeds.count, baseSeed: condition.splitSeeds.first, rng: 'python' });
}
