import type { JsonValue, PolicyStep } from '@carb/episodes';
import type { Scope } from './bindings.ts';
import { resolveBinding } from './bindings.ts';
import { callMatches } from './callMatches.ts';
import { concretize } from './concretize.ts';
import { conditionHolds } from './condition.ts';
import { parseResult } from './parseResult.ts';
import type { CallPattern, GuardCheck, NeededCall, PolicyReading } from './types.ts';

/** One requirement of a check the history before the call does not meet. */
export interface Unmet {
  item: JsonValue | null;
  needed: NeededCall[];
  unresolved: string | null;
}

// Argument names only: the note is printed in every report, and argument values are episode
// content, shown only with --include-content (the failure's own args carry them then).
const callText = (c: NeededCall) => `${c.tool}(${Object.keys(c.args).join(', ')})`;

// The latest successful earlier call matching one of the source patterns, its result parsed.
function sourceResult(
  source: readonly CallPattern[],
  history: readonly PolicyStep[],
  stale: ReadonlySet<number>,
  scope: Scope,
): { value: JsonValue | undefined; note: string | null } {
  const patterns = source.map((p) => concretize(p, scope));
  for (let k = history.length - 1; k >= 0; k--) {
    if (stale.has(k) || !patterns.some((c) => callMatches(history[k]!, c))) continue;
    const parsed = parseResult(history[k]!.result);
    if (parsed !== null) return { value: parsed, note: null };
  }
  return {
    value: undefined,
    note: `no successful ${patterns.map((c) => callText(c.call)).join(' or ')} before the call, so the check could not be made concrete`,
  };
}

/**
 * Simulates one check of a guard at a mutating call: resolves the concrete read-only
 * calls it needs (one per forEach element) and returns those for which neither the
 * call nor an equivalent was made successfully before. A requirement that cannot be made
 * concrete (its source call was never made, so the flights or user to check are unknown)
 * is unmet, and its note says why. Steps in `stale` (reads of a record mutated since) count
 * for nothing. Under the substantive reading, a requirement whose check states a waiver
 * that holds (e.g. every flight after the policy's "now") is met.
 */
export function checkCall(
  check: GuardCheck,
  args: PolicyStep['args'],
  history: readonly PolicyStep[],
  stale: ReadonlySet<number> = new Set(),
  reading: PolicyReading = 'literal',
): Unmet[] {
  const scope: Scope = { args };
  let note: string | null = null;
  if (check.source) {
    const s = sourceResult(check.source, history, stale, scope);
    if (s.value !== undefined) scope.source = s.value;
    note = s.note;
  }
  let items: (JsonValue | undefined)[] = [undefined];
  if (check.forEach !== undefined) {
    const list = resolveBinding(check.forEach, scope);
    if (Array.isArray(list)) items = list;
    else note ??= `${check.forEach} is not a list (${list === undefined ? 'absent' : typeof list})`;
  }
  const waiver = reading === 'substantive' ? check.readings?.substantive?.waivedWhen : undefined;
  if (waiver !== undefined && conditionHolds(waiver, scope)) return [];
  const unmet: Unmet[] = [];
  for (const item of items) {
    const s: Scope = item === undefined ? scope : { ...scope, item };
    const patterns = [check.needs, ...(check.equivalents ?? [])].map((p) => concretize(p, s));
    if (patterns.some((c) => history.some((h, j) => !stale.has(j) && callMatches(h, c)))) continue;
    const needsUnresolved = patterns[0]!.unresolved;
    unmet.push({
      item: item ?? null,
      needed: patterns.map((c) => c.call),
      unresolved: note ?? (needsUnresolved.length > 0 ? `unresolved ${needsUnresolved.join(', ')}` : null),
    });
  }
  return unmet;
}
