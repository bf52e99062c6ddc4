import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import { carbPath } from '@carb/io';

/** configs/schema/guards.schema.json, the contract for guard specs. */
export const GUARDS_SCHEMA_PATH = carbPath('configs/schema/guards.schema.json');

let compiled: ValidateFunction | null = null;

/** The compiled guard-spec validator (verbose: unknown-key messages name the nearest known key). */
export function guardsValidator(): ValidateFunction {
  if (compiled !== null) return compiled;
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  compiled = ajv.compile(JSON.parse(readFileSync(GUARDS_SCHEMA_PATH, 'utf8')) as object);
  return compiled;
}
