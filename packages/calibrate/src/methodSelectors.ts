import { withSelector, type Pipeline } from '@carb/pipeline';
import type { FusedSelector } from '@carb/replay';
import { METHOD_SELECTOR } from './methods.ts';
import type { MethodName } from './types.ts';

/**
 * The selector of each kind the methods need (METHOD_SELECTOR), once each, named by its kind:
 * what a replay for these methods runs; methods sharing a selector share one breakpoint table.
 */
export function methodSelectors(pipeline: Pipeline, methods: readonly MethodName[]): FusedSelector[] {
  const kinds = [...new Set(methods.map((m) => METHOD_SELECTOR[m]))];
  return kinds.map((kind) => ({ method: kind, selector: withSelector(pipeline, { kind }).selector }));
}
