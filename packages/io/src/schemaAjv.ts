import type AjvClass from 'ajv';
import { createHash } from 'node:crypto';

/**
 * A new Ajv instance with carb's options: the run-time instance of schemaValidator and the build's
 * (which writes standalone code, `source`) are made here, so a precompiled validator checks and
 * words every violation as the run-time one would.
 * verbose: unknown-key messages need the parent schema to name the nearest known key.
 */
export function newSchemaAjv(Ajv: typeof AjvClass, source = false): AjvClass {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    verbose: true,
    ...(source ? { code: { source: true } } : {}),
  });
  // "expected": carb's wording of what a value must be, read by schemaIssues (an annotation, no check)
  ajv.addKeyword({ keyword: 'expected', schemaType: 'string' });
  return ajv;
}

/**
 * The key of a precompiled validator: SHA-256 of the schema as compiled (file bytes parsed, then
 * prepared). A schema file edited or a code list changed since the build gives another key, so a
 * stale validator is never found, only compiled afresh.
 */
export function preparedSchemaKey(schema: unknown): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex');
}
