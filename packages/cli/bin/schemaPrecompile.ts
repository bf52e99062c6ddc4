// Build-time only (bundled and run by build.js): the Ajv standalone code of every
// configs/schema/*.json, prepared as carb prepares it at run time, for schemaPrecompiled.ts.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { newSchemaAjv, preparedSchemaKey } from '../../io/src/schemaAjv.ts';
import { withSourceFormats } from '../../episodes/src/validate.ts';
import { withMethodOrder } from '../../jobs/src/mainJob.ts';

/**
 * The schemas whose run-time `prepare` changes them (fills in a list the code owns), by file name:
 * the same functions the run-time call sites pass. A prepare that only checks needs no entry; a
 * schema whose prepare is missing here gets a key its run time never asks for, and compiles at run time.
 */
const PREPARES: Readonly<Record<string, (schema: Record<string, unknown>) => void>> = {
  'episode.schema.json': withSourceFormats,
  'job.schema.json': withMethodOrder,
};

/**
 * The Ajv standalone code (CommonJS, requiring Ajv's small runtime helpers) of every schema file in
 * `schemaDir`, prepared as at run time, with its key (preparedSchemaKey) and the file it was made from.
 * @param schemaDir the folder of the schema files
 */
export function precompiledSchemas(schemaDir: string): { file: string; key: string; code: string }[] {
  const files = readdirSync(schemaDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((f) => {
    const file = join(schemaDir, f);
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    PREPARES[f]?.(schema);
    // one instance per schema: standalone code of an instance holding several would refer across them
    const ajv = newSchemaAjv(Ajv, true);
    return { file, key: preparedSchemaKey(schema), code: standaloneCode(ajv, ajv.compile(schema)) };
  });
}
