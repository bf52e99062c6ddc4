import { withSelector, type Pipeline, type SelectorKind } from '@carb/pipeline';
import { createGate, type Gate, type GateOptions } from './gate.ts';

/**
 * What the gate reads from a deploy.json row (DeployRow of @carb/calibrate, which depends on
 * this package, hence the structural type): the threshold's grid index, −1 when infeasible.
 */
export interface DeployedThreshold {
  method: string;
  lambdaIndex: number;
}

/**
 * The online gate a deploy.json row describes: the pipeline with the row's method's selector
 * (`selector`, METHOD_SELECTOR[row.method] of @carb/calibrate) at λ = λ_{row.lambdaIndex}. An
 * infeasible row (lambdaIndex −1: no threshold met α on the calibration corpus) gives a gate
 * that stops every proposal; its `stopsAll` is true.
 */
export function gateFromDeploy(pipeline: Pipeline, row: DeployedThreshold, selector: SelectorKind, options: GateOptions = {}): Gate {
  return createGate(withSelector(pipeline, { kind: selector }), { lambdaIndex: row.lambdaIndex }, options);
}
