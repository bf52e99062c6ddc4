import type { MethodName } from '@carb/calibrate';
import type { ConditionResult, ConditionSummary, MeanSe } from './types.ts';

/** A condition's summary for `method`; throws when the condition did not run it. */
export function primarySummary(result: ConditionResult, method: MethodName): ConditionSummary {
  const s = result.summaries.find((x) => x.method === method);
  if (!s)
    throw new Error(
      `sweep: condition ${result.name} has no ${method} results (it ran ${result.summaries.map((x) => x.method).join(', ')})`,
    );
  return s;
}

/** The mean of a metric a table cell needs; throws naming the condition and metric when it was not measured. */
export function requiredMean(
  result: ConditionResult,
  method: MethodName,
  metric: keyof Omit<ConditionSummary, 'method' | 'splits'>,
): number {
  const m: MeanSe | null = primarySummary(result, method)[metric];
  if (m === null)
    throw new Error(
      `sweep: condition ${result.name}: ${method} has no ${metric} (not measured on any split); expected a value for the table`,
    );
  return m.mean;
}
