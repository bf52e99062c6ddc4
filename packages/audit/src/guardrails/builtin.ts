import type { Pipeline } from '@carb/pipeline';
import { contextOnly } from './contextOnly.ts';
import type { Guardrail } from './guardrail.ts';
import { keyword } from './keyword.ts';
import { stateGuard } from './stateGuard.ts';
import { stepRuleWith } from './stepRule.ts';
import type { AuditTyping } from '../toolRoles.ts';
import { trajectoryRule } from './trajectoryRule.ts';
import { vanilla } from './vanilla.ts';

/** Names of the built-in guardrails that need no calibration (`carb-gate` needs a deploy row). */
export const BUILTIN_GUARDRAILS = ['vanilla', 'context-only', 'keyword', 'step-rule', 'trajectory-rule', 'state-guard'] as const;
export type BuiltinGuardrail = (typeof BUILTIN_GUARDRAILS)[number];

/** The built-in guardrail `name`. */
export function builtinGuardrail(name: BuiltinGuardrail, pipeline: Pipeline, typing?: AuditTyping): Guardrail {
  switch (name) {
    case 'vanilla':
      return vanilla;
    case 'context-only':
      return contextOnly;
    case 'keyword':
      return keyword;
    case 'step-rule':
      return stepRuleWith(typing);
    case 'trajectory-rule':
      return trajectoryRule;
    case 'state-guard':
      return stateGuard(pipeline, typing);
  }
}
