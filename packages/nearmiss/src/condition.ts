import { resolveBinding, type Scope } from './bindings.ts';
import { sameValue } from './normalize.ts';
import type { Condition } from './types.ts';

/**
 * Whether a guard spec condition holds in `scope`. `after` / `atLeast` compare strings
 * (ISO dates and times order as text); a value that cannot be resolved, or is not a
 * string where one is compared, makes the condition false: a waiver needs its facts read.
 */
export function conditionHolds(c: Condition, scope: Scope): boolean {
  if ('all' in c) return c.all.every((x) => conditionHolds(x, scope));
  if ('any' in c) return c.any.some((x) => conditionHolds(x, scope));
  if ('every' in c) {
    const list = resolveBinding(c.every, scope);
    return Array.isArray(list) && list.length > 0 && list.every((item) => conditionHolds(c.holds, { ...scope, item }));
  }
  const v = resolveBinding(c.value, scope);
  if (v === undefined) return false;
  if (c.equals !== undefined) {
    const want = resolveBinding(c.equals, scope);
    if (want === undefined || !sameValue(v, want)) return false;
  }
  if (c.after !== undefined && !(typeof v === 'string' && v > c.after)) return false;
  if (c.atLeast !== undefined && !(typeof v === 'string' && v >= c.atLeast)) return false;
  return true;
}
