import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import { carbPath, describeValue, schemaIssues } from '@carb/io';
import type { Episode } from './types.ts';

/** configs/schema/episode.schema.json, the contract for the JSONL encoding. */
export const EPISODE_SCHEMA_PATH = carbPath('configs/schema/episode.schema.json');

let compiled: ValidateFunction | null = null;
function validator(): ValidateFunction {
  if (compiled === null) {
    const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
    compiled = ajv.compile(JSON.parse(readFileSync(EPISODE_SCHEMA_PATH, 'utf8')) as object);
  }
  return compiled;
}

/**
 * Checks one decoded JSON value against the episode schema plus the cross-field
 * rules JSON Schema cannot say (step index = position, one external score per step).
 * One `<json pointer>: expected <x>, found <y>` line per problem; empty when valid.
 */
export function episodeIssues(value: unknown): string[] {
  const issues = schemaIssues(validator(), value);
  if (issues.length) return issues;
  const ep = value as Episode;
  ep.steps.forEach((s, i) => {
    if (s.index !== i) issues.push(`/steps/${i}/index: expected ${i} (its position), found ${describeValue(s.index)}`);
  });
  if (ep.externalScores !== null && ep.externalScores.length !== ep.steps.length) {
    issues.push(`/externalScores: expected one score per step (${ep.steps.length}), found ${describeValue(ep.externalScores)}`);
  }
  return issues;
}

/**
 * Validates one decoded JSON value as an Episode. Returns one line per problem,
 * `<file>: episode <id>: <json pointer>: expected <x>, found <y>`; empty when valid.
 * `record` names the value when it has no string id (e.g. `line 7`).
 */
export function validateEpisode(value: unknown, file: string, record?: string): string[] {
  const idValue = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  const who = typeof idValue === 'string' ? `episode ${idValue}` : `episode ${record ?? '?'} (no id)`;
  return episodeIssues(value).map((i) => `${file}: ${who}: ${i}`);
}
