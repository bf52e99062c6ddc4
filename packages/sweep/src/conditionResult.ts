import { carbPath, firstIssueLine, schemaIssues, schemaValidator } from '@carb/io';
import type { ConditionResult } from './types.ts';

/** configs/schema/condition-result.schema.json, the contract of a stored condition result as a resumed sweep and `carb sweep merge` read it. */
export const CONDITION_RESULT_SCHEMA_PATH = carbPath('configs/schema/condition-result.schema.json');

/**
 * The condition result stored as `text` in `file` for the condition `expected` (its name and
 * frozen hash, which the file name and sweep.json say), or one line naming the file, the key
 * and what was expected: text that is not JSON, a value that is not a condition result (only
 * the first issue, with how many more: the file is refused whole either way), or the result of
 * another condition. Carb writes results whole, so none of these is a result it left half-done.
 */
export function parseConditionResult(file: string, text: string, expected: { name: string; hash: string }): ConditionResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: expected a condition result (JSON), found a syntax error (${(e as Error).message})`);
  }
  const issues = schemaIssues(schemaValidator(CONDITION_RESULT_SCHEMA_PATH), value);
  if (issues.length > 0) throw new Error(`${file}: ${firstIssueLine(issues)}`);
  // the schema holds: every field the tables, CSV and figures read is there, of its type
  const result = value as ConditionResult;
  if (result.hash !== expected.hash || result.name !== expected.name)
    throw new Error(
      `${file}: holds ${JSON.stringify(result.name)} with hash ${result.hash.slice(0, 12)}; expected condition ${expected.name} (${expected.hash.slice(0, 12)}) as its file name says`,
    );
  return result;
}
