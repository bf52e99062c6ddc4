import type { Pipeline } from '@carb/pipeline';
import { stateAuditor } from '../stateAuditor.ts';
import type { AuditTyping } from '../toolRoles.ts';
import type { Guardrail } from './guardrail.ts';

/**
 * W used inline as a guardrail (an upper reference, not a baseline: W is also the instrument that
 * measures RR, so its own SD-RR is 0 by definition wherever it flags). Blocks what W flags.
 */
export function stateGuard(pipeline: Pipeline, typing?: AuditTyping): Guardrail {
  return {
    name: 'state-guard',
    sees: 'state',
    decide: (item) => ({ decision: stateAuditor(item, pipeline, typing).label ? 'block' : 'allow' }),
  };
}
