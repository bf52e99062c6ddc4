import type { JsonObject, JsonValue, PolicyStep } from '@carb/episodes';
import { sameValue } from './normalize.ts';
import { parseResult } from './parseResult.ts';
import type { Concrete } from './concretize.ts';

const own = (o: JsonObject, k: string): JsonValue | undefined => (Object.hasOwn(o, k) ? o[k] : undefined);

function agrees(got: JsonObject, want: JsonObject): boolean {
  return Object.entries(want).every(([k, v]) => sameValue(own(got, k), v));
}

/** Whether the JSON value holds, at any depth, an object agreeing with `want`. */
function holds(v: JsonValue, want: JsonObject): boolean {
  if (Array.isArray(v)) return v.some((x) => holds(x, want));
  if (v === null || typeof v !== 'object') return false;
  if (agrees(v, want)) return true;
  return Object.values(v).some((x) => holds(x, want));
}

/**
 * Whether an executed step is the concrete call `c` (or obtained its information): same
 * tool, succeeded, every bound argument equal after normalization, and its result holds
 * the `resultHas` values. A pattern with an unresolved value matches nothing: which
 * call the guard needs is then unknown, so no call can be shown to be it.
 */
export function callMatches(step: PolicyStep, c: Concrete): boolean {
  if (c.unresolved.length > 0 || !step.ok || step.tool !== c.call.tool) return false;
  if (!agrees(step.args, c.call.args)) return false;
  if (c.call.resultHas === undefined) return true;
  const parsed = parseResult(step.result);
  const wanted = Array.isArray(c.call.resultHas) ? c.call.resultHas : [c.call.resultHas];
  return parsed !== null && wanted.every((w) => holds(parsed, w));
}
