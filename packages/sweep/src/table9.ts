import type { MethodName } from '@carb/calibrate';
import { requiredMean } from './primarySummary.ts';
import type { ConditionResult, Table9 } from './types.ts';

/** Table 9 (App. G.1): per evidence cell (the condition's family), the primary method's means over assignments. */
export function table9(results: readonly ConditionResult[], primary: MethodName): Table9 {
  const out: Table9 = {};
  for (const r of results) {
    if (Object.hasOwn(out, r.family))
      throw new Error(`sweep: Table 9 cell ${r.family} appears twice (conditions share a family); expected one condition per cell`);
    out[r.family] = {
      meanLoss: requiredMean(r, primary, 'loss'),
      pathRecall: requiredMean(r, primary, 'pathRecall'),
      falsePath: requiredMean(r, primary, 'falsePath'),
      ctxRed: requiredMean(r, primary, 'ctxRed'),
    };
  }
  return out;
}
