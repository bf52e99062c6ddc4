import { ownToolTyping, type Pipeline } from '@carb/pipeline';
import { workerData } from 'piscina';
import { evaluateCondition } from './evaluateCondition.ts';
import type { ConditionResult, SweepSpec } from './types.ts';

/** What every sweep worker is started with (structured-cloned once per thread). */
export interface SweepWorkerData {
  spec: SweepSpec;
  pipeline: Pipeline;
  carbVersion: string;
}

const data = workerData as SweepWorkerData | undefined;
const pipeline: Pipeline | undefined = data && ownToolTyping(data.pipeline);

/** Pool task: the index of a condition in the spec in, its result out. */
export default function evaluate(index: number): ConditionResult {
  if (!data || !pipeline) throw new Error('sweepWorker: started without worker data (run it through runSweep)');
  const condition = data.spec.conditions[index];
  if (!condition) throw new Error(`sweepWorker: no condition ${index} in sweep ${data.spec.name}`);
  return evaluateCondition(data.spec, condition, pipeline, data.carbVersion);
}
