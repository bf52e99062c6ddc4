import { METHOD_SELECTOR, type MethodName } from '@carb/calibrate';
import { withSelector, type Pipeline } from '@carb/pipeline';
import type { FusedSelector } from '@carb/replay';

/**
 * The selector of each kind the methods need, once each, named by its kind (methods sharing
 * a selector share one table). The same rule as the CLI's calibration job, which keeps its
 * copy private to packages/cli.
 */
export function methodSelectors(pipeline: Pipeline, methods: readonly MethodName[]): FusedSelector[] {
  const kinds = [...new Set(methods.map((m) => METHOD_SELECTOR[m]))];
  return kinds.map((kind) => ({ method: kind, selector: withSelector(pipeline, { kind }).selector }));
}
