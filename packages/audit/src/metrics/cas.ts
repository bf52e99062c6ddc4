import type { AuditItem } from '../types.ts';
import { labelOf, type LabelSource } from './labelOf.ts';
import { proportion, type Proportion } from './proportion.ts';

/** Constant-Action Specificity (App. E.2): the share of matched benign twins the state auditor admits as compliant. */
export function constantActionSpecificity(twins: readonly AuditItem[], state: LabelSource): Proportion {
  return proportion(twins.map((it) => !labelOf(state, it.task_id, 'state auditor')));
}
