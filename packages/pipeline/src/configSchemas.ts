import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { carbPath } from '@carb/io';
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

let compiled: { pipeline: ValidateFunction; toolTyping: ValidateFunction } | null = null;

/** Compiled pipeline and tool-typing validators, checked once against the TypeScript enums. */
export function configValidators(): { pipeline: ValidateFunction; toolTyping: ValidateFunction } {
  if (compiled !== null) return compiled;
  const pipeline = JSON.parse(readFileSync(PIPELINE_SCHEMA_PATH, 'utf8')) as Json;
  const toolTyping = JSON.parse(readFileSync(TOOL_TYPING_SCHEMA_PATH, 'utf8')) as Json;
  sameList(`${PIPELINE_SCHEMA_PATH}: /properties/selector/properties/kind/enum`, pipeline.properties.selector.properties.kind.enum, SELECTOR_KINDS);
  sameList(`${PIPELINE_SCHEMA_PATH}: /definitions/toolType/enum`, pipeline.definitions.toolType.enum, TOOL_TYPES);
  sameList(`${PIPELINE_SCHEMA_PATH}: /properties/ledger/.../category/enum`, pipeline.properties.ledger.properties.categoryByType.items.properties.category.enum, LEDGER_CATEGORIES);
  sameList(`${PIPELINE_SCHEMA_PATH}: /properties/ledger/properties/source/properties/mode/enum`, pipeline.properties.ledger.properties.source.properties.mode.enum, LEDGER_MODES);
  sameList(`${PIPELINE_SCHEMA_PATH}: /properties/scorer/properties/weights/required`, pipeline.properties.scorer.properties.weights.required, SCORER_FEATURES);
  sameList(`${TOOL_TYPING_SCHEMA_PATH}: /properties/tools/additionalProperties/items/enum`, toolTyping.properties.tools.additionalProperties.items.enum, TOOL_TYPES);
  // verbose: unknown-key errors need their parent schema to suggest the nearest known key
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  compiled = { pipeline: ajv.compile(pipeline), toolTyping: ajv.compile(toolTyping) };
  return compiled;
}
