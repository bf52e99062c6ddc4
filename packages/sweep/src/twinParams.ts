import type { SuiteParams } from '@carb/suites';
import { conditionParams } from './conditionParams.ts';
import type { ConditionSpec, SweepSpec } from './types.ts';

/**
 * The generator parameters whose episodes carry the ledger a condition is scored against:
 * the condition's own, or (fixed-threshold with ledgerTwin, App. G.1) the condition's with the
 * twin's overrides, so the declared target stays fixed while the evidence varies.
 */
export function twinParams(spec: Pick<SweepSpec, 'ledgerTwin'>, condition: Pick<ConditionSpec, 'params'>): SuiteParams {
  return conditionParams({ ...condition.params, ...(spec.ledgerTwin ?? {}) });
}
