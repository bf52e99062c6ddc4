import type { ErrorObject, ValidateFunction } from 'ajv';
import { closestName } from './closestName.ts';

/** How a schema message names the value it found (`string "x"`, `an array (length 2)`, `nothing`). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array (length ${value.length})`;
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}

function at(root: unknown, pointer: string): unknown {
  let cur = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

const escapeKey = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

function unknownKey(e: ErrorObject, root: unknown): string {
  const key = String((e.params as { additionalProperty: unknown }).additionalProperty);
  const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}).filter(
    (k) => !k.startsWith('$') && !k.startsWith('_'),
  );
  const near = closestName(key, known);
  const hint = near !== null ? `did you mean "${near}"?` : `expected one of ${known.map((k) => `"${k}"`).join(', ')}`;
  return `${e.instancePath}/${escapeKey(key)}: unknown key (${describeValue(at(root, `${e.instancePath}/${escapeKey(key)}`))}); ${hint}`;
}

/** The schema's own wording of what a value must be (its "expected" annotation), or null. */
function expectedOf(schema: unknown): string | null {
  const x = (schema as { expected?: unknown } | undefined)?.expected;
  return typeof x === 'string' ? x : null;
}

function errorLine(e: ErrorObject, root: unknown): string | null {
  const pointer = e.instancePath || '/';
  const found = describeValue(at(root, e.instancePath));
  const p = e.params as Record<string, unknown>;
  // an if/then/else failure is reported by the then/else errors beside it
  if (e.keyword === 'if') return null;
  if (e.keyword === 'required') {
    const key = String(p.missingProperty);
    const said = expectedOf((e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties?.[key]);
    return `${e.instancePath}/${escapeKey(key)}: expected ${said ?? 'a value (required key)'}, found nothing`;
  }
  const said = e.keyword === 'additionalProperties' ? null : expectedOf(e.parentSchema);
  if (said !== null) return `${pointer}: expected ${said}, found ${found}`;
  switch (e.keyword) {
    case 'additionalProperties':
      return unknownKey(e, root);
    case 'type': {
      const t = Array.isArray(p.type) ? p.type.join(' or ') : String(p.type);
      return `${pointer}: expected ${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}, found ${found}`;
    }
    case 'enum': {
      const allowed = p.allowedValues as unknown[];
      const value = at(root, e.instancePath);
      const near =
        typeof value === 'string'
          ? closestName(
              value,
              allowed.filter((v): v is string => typeof v === 'string'),
            )
          : null;
      return `${pointer}: expected one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}, found ${found}${near === null ? '' : ` (did you mean "${near}"?)`}`;
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${pointer}: expected a number ${String(p.comparison)} ${String(p.limit)}, found ${found}`;
    case 'uniqueItems':
      return `${pointer}: expected no repeated items (items ${String(p.j)} and ${String(p.i)} are equal), found ${found}`;
    default:
      return `${pointer}: expected a value that ${e.message ?? e.keyword}, found ${found}`;
  }
}

/** For an unknown key with a near known key that is also missing: `<object pointer>/<known key>`. */
function misspelled(e: ErrorObject): string | null {
  if (e.keyword !== 'additionalProperties') return null;
  const key = String((e.params as { additionalProperty: unknown }).additionalProperty);
  const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
  const near = closestName(key, known);
  return near === null ? null : `${e.instancePath}/${escapeKey(near)}`;
}

/**
 * Runs a compiled (verbose) validator and returns one `<pointer>: expected …, found …`
 * line per distinct violation; unknown keys name the nearest known key, and a misspelled
 * required key is reported once (as the misspelling), not also as missing. Empty when valid.
 */
export function schemaIssues(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  const meant = new Set(errors.map(misspelled).filter((m): m is string => m !== null));
  const lines: string[] = [];
  for (const e of errors) {
    if (
      e.keyword === 'required' &&
      meant.has(`${e.instancePath}/${escapeKey(String((e.params as { missingProperty: unknown }).missingProperty))}`)
    )
      continue;
    const line = errorLine(e, value);
    if (line !== null && !lines.includes(line)) lines.push(line);
  }
  return lines;
}

/**
 * The one line a reader prints for a document with schema issues: the first issue (a root
 * pointer `/` left out) and how many more there are.
 */
export function firstIssueLine(issues: readonly string[]): string {
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more issues)` : '';
  return `${(issues[0] ?? '').replace(/^\/: /, '')}${more}`;
}
