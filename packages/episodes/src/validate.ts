import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { Episode } from './types.ts';

/** configs/schema/episode.schema.json, the contract for the JSONL encoding. */
export const EPISODE_SCHEMA_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../configs/schema/episode.schema.json');

let compiled: ValidateFunction | null = null;
function validator(): ValidateFunction {
  if (compiled === null) {
    const ajv = new Ajv({ allErrors: true, strict: true });
    compiled = ajv.compile(JSON.parse(readFileSync(EPISODE_SCHEMA_PATH, 'utf8')) as object);
  }
  return compiled;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array (length ${value.length})`;
  if (typeof value === 'object') return 'object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}

function at(root: unknown, pointer: string): unknown {
  let cur = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

const escapeKey = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

function errorLine(e: ErrorObject, root: unknown): { pointer: string; expected: string; found: string } {
  const pointer = e.instancePath || '/';
  const found = describe(at(root, e.instancePath));
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { pointer: `${e.instancePath}/${escapeKey(String(p.missingProperty))}`, expected: 'a value (required key)', found: 'nothing' };
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      return { pointer: `${e.instancePath}/${escapeKey(key)}`, expected: 'no such key', found: describe(at(root, `${e.instancePath}/${escapeKey(key)}`)) };
    }
    case 'type':
      return { pointer, expected: Array.isArray(p.type) ? p.type.join(' or ') : String(p.type), found };
    case 'enum':
      return { pointer, expected: `one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`, found };
    default:
      return { pointer, expected: `value that ${e.message ?? e.keyword}`, found };
  }
}

/** One schema violation: where, what was expected, what was there. */
export interface SchemaIssue {
  pointer: string;
  expected: string;
  found: string;
}

/**
 * Checks one decoded JSON value against the episode schema plus the cross-field
 * rules JSON Schema cannot say (step index = position, one external score per step).
 * An empty list means the value is a valid Episode.
 */
export function episodeIssues(value: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const validate = validator();
  if (!validate(value)) {
    const seen = new Set<string>();
    for (const e of validate.errors ?? []) {
      const l = errorLine(e, value);
      const key = `${l.pointer}|${l.expected}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push(l);
    }
    return issues;
  }
  const ep = value as Episode;
  ep.steps.forEach((s, i) => {
    if (s.index !== i) issues.push({ pointer: `/steps/${i}/index`, expected: `${i} (its position)`, found: describe(s.index) });
  });
  if (ep.externalScores !== null && ep.externalScores.length !== ep.steps.length) {
    issues.push({ pointer: '/externalScores', expected: `one score per step (${ep.steps.length})`, found: describe(ep.externalScores) });
  }
  return issues;
}

/** `<pointer>: expected <x>, found <y>` */
export function formatIssue(i: SchemaIssue): string {
  return `${i.pointer}: expected ${i.expected}, found ${i.found}`;
}

/**
 * Validates one decoded JSON value as an Episode. Returns one line per problem,
 * `<file>: episode <id>: <json pointer>: expected <x>, found <y>`; empty when valid.
 * `record` names the value when it has no string id (e.g. `line 7`).
 */
export function validateEpisode(value: unknown, file: string, record?: string): string[] {
  const idValue = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  const who = typeof idValue === 'string' ? `episode ${idValue}` : `episode ${record ?? '?'} (no id)`;
  return episodeIssues(value).map((i) => `${file}: ${who}: ${formatIssue(i)}`);
}
