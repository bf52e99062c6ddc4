import { closestName } from '@carb/io';
import type { ConditionSpec, SweepSpec } from './types.ts';

/** Shard i of N: the conditions k (of the selected list) with k mod N = i. */
export interface SweepShard {
  index: number;
  count: number;
}

/** A condition with its position in the spec. */
export interface SelectedCondition {
  index: number;
  condition: ConditionSpec;
}

/**
 * Why `names` (--only) cannot select conditions of `spec`, as one line naming the flag and the
 * nearest condition name; null when every name is a condition of the spec, each given once.
 */
export function onlyProblem(spec: SweepSpec, names: readonly string[]): string | null {
  const known = spec.conditions.map((c) => c.name);
  for (const [i, name] of names.entries()) {
    if (!known.includes(name)) {
      const near = closestName(name, known);
      return `--only: expected condition names of sweep ${spec.name}${near !== null ? ` (did you mean ${near}?)` : ` (${known.join(', ')})`}, found ${name}`;
    }
    if (names.indexOf(name) !== i) return `--only: expected each condition once, found ${name} twice`;
  }
  return null;
}

/**
 * The conditions a run evaluates, in spec order: those named by `only` (all without it), then
 * of these every N-th from the i-th for shard i/N.
 */
export function selectConditions(spec: SweepSpec, only?: readonly string[], shard?: SweepShard): SelectedCondition[] {
  const problem = only ? onlyProblem(spec, only) : null;
  if (problem) throw new Error(problem);
  const chosen = spec.conditions
    .map((condition, index) => ({ index, condition }))
    .filter(({ condition }) => !only || only.includes(condition.name));
  return shard ? chosen.filter((_, k) => k % shard.count === shard.index) : chosen;
}
