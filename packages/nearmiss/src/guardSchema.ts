import type { ValidateFunction } from 'ajv';
import { carbPath, schemaValidator } from '@carb/io';

/** configs/schema/guards.schema.json, the contract for guard specs. */
export const GUARDS_SCHEMA_PATH = carbPath('configs/schema/guards.schema.json');

/** The compiled guard-spec validator. */
export function guardsValidator(): ValidateFunction {
  return schemaValidator(GUARDS_SCHEMA_PATH);
}
