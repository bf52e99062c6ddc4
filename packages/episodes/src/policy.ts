// The policy-side entry point: evidence, selector and scorer packages import from here only.
export type { PolicyStep, StepProvenance, JsonValue, JsonObject } from './types.ts';
