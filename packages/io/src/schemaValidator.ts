import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type AjvClass from 'ajv';
import type { ValidateFunction } from 'ajv';
import { newSchemaAjv, preparedSchemaKey } from './schemaAjv.ts';
import { PRECOMPILED } from './schemaPrecompiled.ts';

// Ajv is loaded on the first compile, not on import: the adapter registry (and with it this module)
// is in every command's option specs, and evaluating Ajv would slow `carb --help` and usage errors.
// In the bundle, esbuild bundles the literal require('ajv') and evaluates it only here; from source
// (tsx, vitest) there is no require in an ES module, so node's is made.
declare const require: NodeJS.Require | undefined;
function ajvClass(): typeof AjvClass {
  const mod = (typeof require === 'function' ? require('ajv') : createRequire(import.meta.url)('ajv')) as { default: typeof AjvClass };
  return mod.default;
}

// The one Ajv instance of carb: every configs/schema file compiles here, with the same options
// (newSchemaAjv), so a schema means the same wherever it is read and schemaIssues words every violation alike.
let ajv: AjvClass | null = null;
const compiled = new Map<string, ValidateFunction>();

/**
 * The compiled validator of the JSON Schema file `file` (compiled once, then cached).
 * `prepare`, when given, sees the parsed schema first: it may check the schema against the
 * code's own lists (and throw when they drift apart) or fill in a list the code owns
 * (reaching into it with jsonObjectAt). The bundle carries validators precompiled from the same
 * prepared schemas (schemaPrecompiled.ts); one is used only when its key, the prepared schema's
 * SHA-256, is this one's, else the schema compiles here as from source.
 */
export function schemaValidator(file: string, prepare?: (schema: Record<string, unknown>) => void): ValidateFunction {
  const known = compiled.get(file);
  if (known !== undefined) return known;
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  prepare?.(schema);
  const precompiled = PRECOMPILED.size > 0 ? PRECOMPILED.get(preparedSchemaKey(schema)) : undefined;
  let validate: ValidateFunction;
  if (precompiled !== undefined) validate = precompiled();
  else {
    ajv ??= newSchemaAjv(ajvClass());
    validate = ajv.compile(schema);
  }
  compiled.set(file, validate);
  return validate;
}
