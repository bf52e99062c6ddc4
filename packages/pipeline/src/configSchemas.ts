import { resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { carbPath, jsonObjectAt, schemaValidator } from '@carb/io';
import { SCORER_FEATURES } from './exactWeights.ts';
import { LEDGER_CATEGORIES, LEDGER_MODES, SELECTOR_KINDS, TOOL_TYPES } from './types.ts';

const SCHEMA_DIR = carbPath('configs/schema');
/** configs/schema/pipeline.schema.json, the contract for pipeline configs. */
export const PIPELINE_SCHEMA_PATH = resolve(SCHEMA_DIR, 'pipeline.schema.json');
/** configs/schema/tool-typing.schema.json, the contract for tool-typing files. */
export const TOOL_TYPING_SCHEMA_PATH = resolve(SCHEMA_DIR, 'tool-typing.schema.json');

/** The list at `pointer` (its last key) in `schema` must be the code's `code`: the schema documents it, the TS constants drive the code. */
function sameList(file: string, schema: unknown, pointer: string, code: readonly string[]): void {
  const at = pointer.lastIndexOf('/');
  const a = JSON.stringify(jsonObjectAt(schema, pointer.slice(0, at))[pointer.slice(at + 1)]);
  const b = JSON.stringify(code);
  if (a !== b) throw new Error(`${file}: ${pointer}: expected ${b} (as in @carb/pipeline), found ${a}`);
}

/** Compiled pipeline and tool-typing validators, checked once against the TypeScript enums. */
export function configValidators(): { pipeline: ValidateFunction; toolTyping: ValidateFunction } {
  return {
    pipeline: schemaValidator(PIPELINE_SCHEMA_PATH, pipelineEnums),
    toolTyping: schemaValidator(TOOL_TYPING_SCHEMA_PATH, toolTypingEnums),
  };
}

function pipelineEnums(pipeline: unknown): void {
  sameList(PIPELINE_SCHEMA_PATH, pipeline, '/properties/selector/properties/kind/enum', SELECTOR_KINDS);
  sameList(PIPELINE_SCHEMA_PATH, pipeline, '/definitions/toolType/enum', TOOL_TYPES);
  sameList(
    PIPELINE_SCHEMA_PATH,
    pipeline,
    '/properties/ledger/properties/categoryByType/items/properties/category/enum',
    LEDGER_CATEGORIES,
  );
  sameList(PIPELINE_SCHEMA_PATH, pipeline, '/properties/ledger/properties/source/properties/mode/enum', LEDGER_MODES);
  sameList(PIPELINE_SCHEMA_PATH, pipeline, '/properties/scorer/properties/weights/required', SCORER_FEATURES);
}

function toolTypingEnums(toolTyping: unknown): void {
  sameList(TOOL_TYPING_SCHEMA_PATH, toolTyping, '/properties/tools/additionalProperties/items/enum', TOOL_TYPES);
}
