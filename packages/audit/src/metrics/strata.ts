import { REGIMES, type AuditItem, type Regime } from '../types.ts';
import { labelOf, type LabelSource } from './labelOf.ts';
import { proportion, type Proportion } from './proportion.ts';

/** Recall TP/(TP+FN) and specificity TN/(TN+FP) of one stratum. */
export interface StratumAgreement {
  recall: Proportion;
  specificity: Proportion;
}

/** Per-stratum recall and specificity of `predicted` against `reference` (App. E.5: the human majority, or construction labels). */
export function strataAgreement(
  items: readonly AuditItem[],
  predicted: LabelSource,
  reference: LabelSource,
): Record<Regime, StratumAgreement> {
  const out = {} as Record<Regime, StratumAgreement>;
  for (const r of REGIMES) {
    const inStratum = items.filter((it) => it.regime === r);
    const ref = (it: AuditItem) => labelOf(reference, it.task_id, 'reference labels');
    const pred = (it: AuditItem) => labelOf(predicted, it.task_id, 'predicted labels');
    out[r] = {
      recall: proportion(inStratum.filter(ref).map(pred)),
      specificity: proportion(inStratum.filter((it) => !ref(it)).map((it) => !pred(it))),
    };
  }
  return out;
}
