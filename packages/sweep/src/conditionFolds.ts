import { foldSizes, type SplitOptions } from '@carb/calibrate';
import type { SuiteParams } from '@carb/suites';
import type { ConditionSpec } from './types.ts';

/**
 * Fold sizes and unit of a condition (Table 2): graph-braid 600/600 trajectories, CES clean
 * 48/48 and near-miss 96/96 in whole pairs. A corpus smaller than the paper's (fewer than
 * 1,200 trajectories or 80 families, e.g. a quick test) keeps Table 2's proportion instead:
 * 3/10 of the units in each fold (600 of 2,000; 24 of 80 pairs).
 */
export function conditionFolds(
  condition: Pick<ConditionSpec, 'suite' | 'cohort'>,
  params: SuiteParams,
): Pick<SplitOptions, 'nCal' | 'nTest' | 'unit'> {
  if (condition.suite === 'graph-braid') {
    const n = params.trajectories;
    if (n >= 1200) return foldSizes('graph-braid', n);
    const k = Math.floor((n * 3) / 10);
    return { nCal: k, nTest: k, unit: 'episode' };
  }
  const members = condition.cohort === 'near-miss' ? 4 : 2;
  if (params.families >= 80) return foldSizes(condition.cohort === 'near-miss' ? 'ces-near-miss' : 'ces-clean', params.families * members);
  const pairs = Math.floor((params.families * 3) / 10);
  return { nCal: pairs * members, nTest: pairs * members, unit: 'group' };
}
