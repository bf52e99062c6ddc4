import { referenceRoot } from './bindings.ts';
import type { Binding, CallPattern, Condition, GuardCheck } from './types.ts';

function patternIssues(p: CallPattern, at: string, allowed: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const held =
    p.resultHas === undefined
      ? []
      : Array.isArray(p.resultHas)
        ? p.resultHas.map((r, i) => [`resultHas/${i}`, r] as const)
        : [['resultHas', p.resultHas] as const];
  for (const [part, bindings] of [['args', p.args ?? {}] as const, ...held]) {
    for (const [k, b] of Object.entries<Binding>(bindings)) {
      const root = referenceRoot(b);
      if (root !== null && !allowed.has(root)) {
        out.push(
          `${at}/${part}/${k}: expected a binding to ${[...allowed].map((r) => `$${r}`).join(' or ')}, found "${String(b)}" (${root === 'source' ? 'the check has no "source"' : root === 'item' ? 'the check has no "forEach"' : 'not readable here'})`,
        );
      }
    }
  }
  return out;
}

// A waiver reads the call's arguments and the source; "$item." only inside an `every`.
function conditionIssues(c: Condition, at: string, allowed: ReadonlySet<string>): string[] {
  if ('all' in c) return c.all.flatMap((x, i) => conditionIssues(x, `${at}/all/${i}`, allowed));
  if ('any' in c) return c.any.flatMap((x, i) => conditionIssues(x, `${at}/any/${i}`, allowed));
  const bad = (b: Binding, where: string, roots: ReadonlySet<string>): string[] => {
    const root = referenceRoot(b);
    return root === null || roots.has(root)
      ? []
      : [`${at}/${where}: expected a binding to ${[...roots].map((r) => `$${r}`).join(' or ')}, found "${String(b)}"`];
  };
  if ('every' in c) return [...bad(c.every, 'every', allowed), ...conditionIssues(c.holds, `${at}/holds`, new Set([...allowed, 'item']))];
  return [...bad(c.value, 'value', allowed), ...(c.equals === undefined ? [] : bad(c.equals, 'equals', allowed))];
}

/**
 * Bindings that could never resolve: "$source." without a `source` call, "$item."
 * without `forEach`, a `source` that reads itself. One `pointer: expected …` line each.
 */
export function bindingIssues(check: GuardCheck, at: string): string[] {
  const roots = new Set(['args']);
  if (check.source) roots.add('source');
  const out = (check.source ?? []).flatMap((p, i) => patternIssues(p, `${at}/source/${i}`, new Set(['args'])));
  if (check.forEach !== undefined) {
    const root = referenceRoot(check.forEach);
    if (root === 'item' || (root === 'source' && !check.source))
      out.push(`${at}/forEach: expected a reference to $args${check.source ? ' or $source' : ''}, found "${check.forEach}"`);
    roots.add('item');
  }
  out.push(...patternIssues(check.needs, `${at}/needs`, roots));
  (check.equivalents ?? []).forEach((e, i) => out.push(...patternIssues(e, `${at}/equivalents/${i}`, roots)));
  const waiver = check.readings?.substantive?.waivedWhen;
  if (waiver !== undefined)
    out.push(...conditionIssues(waiver, `${at}/readings/substantive/waivedWhen`, new Set(check.source ? ['args', 'source'] : ['args'])));
  return out;
}
