import { carbPath, describeValue, schemaIssues, jsonObjectAt, schemaValidator } from '@carb/io';
import { SOURCE_FORMATS } from './formats.ts';
import { idIssue, okIssue } from './stepOk.ts';
import type { Episode } from './types.ts';

/** configs/schema/episode.schema.json, the contract for the JSONL encoding. */
export const EPISODE_SCHEMA_PATH = carbPath('configs/schema/episode.schema.json');

/**
 * Fills in episode.schema.json's source formats from the registry (formats.ts): the schema file
 * leaves the list to it. Also applied when the bundle precompiles the schema (packages/cli/bin/schemaPrecompile.ts).
 */
export function withSourceFormats(schema: Record<string, unknown>): void {
  jsonObjectAt(schema, '/properties/source/properties').format = { enum: [...SOURCE_FORMATS] };
}

const validator = () => schemaValidator(EPISODE_SCHEMA_PATH, withSourceFormats);

/**
 * Checks one decoded JSON value against the episode schema plus the cross-field
 * rules JSON Schema cannot say (ids non-blank on one line, step index = position, ok is
 * error === null, completedAtStep a step of the episode, one finite external score per step).
 * One `<json pointer>: expected <x>, found <y>` line per problem; empty when valid.
 */
export function episodeIssues(value: unknown): string[] {
  const issues = schemaIssues(validator(), value);
  if (issues.length) return issues;
  const ep = value as Episode;
  for (const key of ['id', 'group'] as const) {
    const bad = idIssue(ep[key]);
    if (bad !== null) issues.push(`/${key}: ${bad}`);
  }
  ep.steps.forEach((s, i) => {
    if (s.index !== i) issues.push(`/steps/${i}/index: expected ${i} (its position), found ${describeValue(s.index)}`);
    const ok = okIssue(s.ok, s.error);
    if (ok !== null) issues.push(`/steps/${i}/ok: ${ok}`);
  });
  const done = ep.outcome.completedAtStep;
  if (done !== null && done >= ep.steps.length) {
    issues.push(`/outcome/completedAtStep: expected a step index below ${ep.steps.length} (the step count), found ${done}`);
  }
  if (ep.externalScores !== null && ep.externalScores.length !== ep.steps.length) {
    issues.push(`/externalScores: expected one score per step (${ep.steps.length}), found ${describeValue(ep.externalScores)}`);
  }
  ep.externalScores?.forEach((x, i) => {
    if (!Number.isFinite(x)) issues.push(`/externalScores/${i}: expected a number in [0, 1], found ${x}`);
  });
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
