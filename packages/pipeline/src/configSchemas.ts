import { resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { carbPath, schemaValidator } from '@carb/io';
import { SCORER_FEATURES } from './exactWeights.ts';
import { LEDGER_CATEGORIES, LEDGER_MODES, SELECTOR_KINDS, TOOL_TYPES } from './types.ts';

const SCHEMA_DIR = carbPath('configs/schema');
/** configs/schema/pipeline.schema.json, the contract for pipeline configs. */
export const PIPELINE_SCHEMA_PATH = resolve(SCHEMA_DIR, 'pipeline.schema.json');
/** configs/schema/tool-typing.schema.json, the contract for tool-typing files. */
export const TOOL_TYPING_SCHEMA_PATH = resolve(SCHEMA_DIR, 'tool-typing.schema.json');

type Json = Record<string, any>;

function sameList(where: string, schemaList: unknown, code: readonly string[]): void {
  const a = JSON.stringify(schemaList);
  const b = JSON.stringify(code);
  // the schema is the documented contract and the TS constants drive the code: they must not drift apart
  if (a !== b) throw new Error(`${where}: expected ${b} (as in @carb/pipeline), found ${a}`);
}

/** Compiled pipeline and tool-typing validators, checked once against the TypeScript enums. */
export function configValidators(): { pipeline: ValidateFunction; toolTyping: ValidateFunction } {
  return { pipeline: schemaValidator(PIPELINE_SCHEMA_PATH, pipelineEnums), toolTyping: schemaValidator(TOOL_TYPING_SCHEMA_PATH, toolTypingEnums) };
}

function pipelineEnums(pipeline: Json): void {
  sameList(`${PIPELINE_SCHEMA_PATH}: /properties/selector/properties/kind/enum`, pipeline.properties.selector.properties.kind.enum, SELECTOR_KINDS);
  sameList(`${PIPELINE_SCHEMA_PATH}: /definitions/toolType/enum`, pipeline.definitions.toolType.enum, TOOL_TYPES);
  sameList(`${PIPELINE_SCHEMA_PATH}: /properties/ledger/.../category/enum`, pipeline.properties.ledger.properties.categoryByType.items.properties.category.enum, LEDGER_CATEGORIES);
  sameList(`${PIPELINE_SCHEMA_PATH}: /properties/ledger/properties/source/properties/mode/enum`, pipeline.properties.ledger.properties.source.properties.mode.enum, LEDGER_MODES);
  sameList(`${PIPELINE_SCHEMA_PATH}: /properties/scorer/properties/weights/required`, pipeline.properties.scorer.properties.weights.required, SCORER_FEATURES);
}

function toolTypingEnums(toolTyping: Json): void {
  sameList(`${TOOL_TYPING_SCHEMA_PATH}: /properties/tools/additionalProperties/items/enum`, toolTyping.properties.tools.additionalProperties.items.enum, TOOL_TYPES);
}
