import type { Guardrail } from './guardrail.ts';

/** No guardrail: every terminal action is allowed (the Vanilla row of Table 1). */
export const vanilla: Guardrail = { name: 'vanilla', sees: 'none', decide: () => ({ decision: 'allow' }) };
