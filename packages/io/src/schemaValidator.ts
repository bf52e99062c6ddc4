import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type AjvClass from 'ajv';
import type { ValidateFunction } from 'ajv';

// Ajv is loaded on the first compile, not on import: the adapter registry (and with it this module)
// is in every command's option specs, and evaluating Ajv would slow `carb --help` and usage errors.
// In the bundle, esbuild bundles the literal require('ajv') and evaluates it only here; from source
// (tsx, vitest) there is no require in an ES module, so node's is made.
declare const require: NodeJS.Require | undefined;
function ajvClass(): typeof AjvClass {
  const mod = (typeof require === 'function' ? require('ajv') : createRequire(import.meta.url)('ajv')) as { default: typeof AjvClass };
  return mod.default;
}

// The one Ajv instance of carb: every configs/schema file compiles here, with the same options,
// so a schema means the same wherever it is read and schemaIssues words every violation alike.
// verbose: unknown-key messages need the parent schema to name the nearest known key.
let ajv: AjvClass | null = null;
const compiled = new Map<string, ValidateFunction>();

/**
 * The compiled validator of the JSON Schema file `file` (compiled once, then cached).
 * `prepare`, when given, sees the parsed schema first: it may check the schema against the
 * code's own lists (and throw when they drift apart) or fill in a list the code owns
 * (reaching into it with jsonObjectAt).
 */
export function schemaValidator(file: string, prepare?: (schema: Record<string, unknown>) => void): ValidateFunction {
  const known = compiled.get(file);
  if (known !== undefined) return known;
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  prepare?.(schema);
  if (ajv === null) {
    ajv = new (ajvClass())({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
    // "expected": carb's wording of what a value must be, read by schemaIssues (an annotation, no check)
    ajv.addKeyword({ keyword: 'expected', schemaType: 'string' });
  }
  const validate = ajv.compile(schema);
  compiled.set(file, validate);
  return validate;
}
