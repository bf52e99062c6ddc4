import type { ValidateFunction } from 'ajv';
import { METHOD_ORDER } from '@carb/calibrate';
import { carbPath, schemaValidator } from '@carb/io';
import { DEFAULT_PARAMS } from '@carb/suites';

/** configs/schema/sweep.schema.json, the contract for sweep specs. */
export const SWEEP_SCHEMA_PATH = carbPath('configs/schema/sweep.schema.json');

/** The parts of the sweep schema checked against the code. */
interface SweepSchemaLists {
  definitions: { params: { properties: Record<string, unknown> }; method: { enum: unknown } };
}

function sameList(where: string, schemaList: unknown, code: readonly string[]): void {
  const a = JSON.stringify(schemaList);
  const b = JSON.stringify(code);
  // the schema is the documented contract and the TS constants drive the code: they must not drift apart
  if (a !== b) throw new Error(`${SWEEP_SCHEMA_PATH}: ${where}: expected ${b} (as in the code), found ${a}`);
}

/** The compiled sweep-spec validator, checked once against DEFAULT_PARAMS and METHOD_ORDER. */
export function sweepValidator(): ValidateFunction {
  return schemaValidator(SWEEP_SCHEMA_PATH, (parsed: Record<string, unknown>) => {
    // the file is configs/schema/sweep.schema.json itself, which has these members
    const schema = parsed as unknown as SweepSchemaLists;
    sameList('/definitions/params/properties', Object.keys(schema.definitions.params.properties), Object.keys(DEFAULT_PARAMS));
    sameList('/definitions/method/enum', schema.definitions.method.enum, METHOD_ORDER);
  });
}
