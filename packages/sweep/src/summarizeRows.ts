import type { MethodName } from '@carb/calibrate';
import { meanSe } from './meanSe.ts';
import type { ConditionSplitRow, ConditionSummary } from './types.ts';

/** One ConditionSummary per method (in the order given) from the condition's split rows. */
export function summarizeRows(methods: readonly MethodName[], rows: readonly ConditionSplitRow[]): ConditionSummary[] {
  return methods.map((method) => {
    const own = rows.filter((r) => r.method === method);
    const of = (k: keyof ConditionSplitRow) => meanSe(own.map((r) => r[k] as number | null));
    return {
      method,
      splits: own.length,
      loss: of('loss')!,
      intervention: of('intervention')!,
      utility: of('utility')!,
      harmStop: of('harmStop'),
      benignStop: of('benignStop'),
      ctxRed: of('ctxRed'),
      pathRecall: of('pathRecall'),
      falsePath: of('falsePath'),
    };
  });
}
