import { gridRational, gridSize, scoreExceeds, type Pipeline } from '@carb/pipeline';
import { createScoringSession } from '@carb/replay';
import { terminalStep } from '../terminalStep.ts';
import type { Guardrail } from './guardrail.ts';

/**
 * The calibrated carb gate as an audit guardrail: the committed prefix is admitted into the
 * scoring session unscored (it already ran), then the terminal action is scored on its selected
 * context and stopped iff q_T > λ. A stop hands control to a human: `escalate`. `lambdaIndex`
 * is a deploy.json row's grid index (−1: infeasible row, every action escalated).
 */
export function carbGate(pipeline: Pipeline, lambdaIndex: number, name = 'carb-gate'): Guardrail {
  const G = gridSize(pipeline.grid);
  if (!Number.isInteger(lambdaIndex) || lambdaIndex < -1 || lambdaIndex >= G)
    throw new Error(`carb gate: expected a grid index in −1..${G - 1}, found ${lambdaIndex}`);
  const lambda = lambdaIndex === -1 ? null : gridRational(pipeline.grid, lambdaIndex);
  return {
    name,
    sees: 'prefix',
    decide(item) {
      if (lambda === null) return { decision: 'escalate' };
      const session = createScoringSession(pipeline, pipeline.selector, item.task_id);
      for (const step of item.committed_prefix) session.admit(step);
      const { score } = session.decide(terminalStep(item.terminal_action, item.committed_prefix.length));
      return { decision: scoreExceeds(score, lambda) ? 'escalate' : 'allow' };
    },
  };
}
