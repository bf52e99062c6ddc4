import type { HeldOutMetrics, MethodName } from '@carb/calibrate';
import type { ConditionSplitRow } from './types.ts';

/** One method's ConditionSplitRow from its held-out metrics (ctxRed = 1 − ΣC_sel/ΣC_full, Eq. 2; null unscored). */
export function splitRow(
  method: MethodName,
  seed: number,
  lambdaIndex: number,
  lambdaHat: number | null,
  m: HeldOutMetrics,
  scored: boolean,
  path: { pathRecall: number | null; falsePath: number | null } | null,
): ConditionSplitRow {
  return {
    method,
    seed,
    lambdaIndex,
    lambdaHat,
    loss: m.loss,
    intervention: m.intervention,
    utility: m.utility,
    harmStop: m.harmStop,
    benignStop: m.benignStop,
    ctxRed: scored && m.ctxFull > 0 ? 1 - m.ctxSelected / m.ctxFull : null,
    pathRecall: path?.pathRecall ?? null,
    falsePath: path?.falsePath ?? null,
  };
}
