import type { ValidateFunction } from 'ajv';

/**
 * Validators compiled when the bundle was built, by preparedSchemaKey. Run from source (tsx,
 * vitest) this table is empty and every schema compiles at run time; packages/cli/bin/build.js
 * replaces this module in the bundle with the Ajv standalone code of every configs/schema file
 * (packages/cli/bin/schemaPrecompile.ts), each evaluated on its first use.
 */
export const PRECOMPILED: ReadonlyMap<string, () => ValidateFunction> = new Map();
