export * from './types.ts';
export { loadPipeline, loadToolTyping, loadToolTypings, defaultPipelinePath, withSelector } from './load.ts';
export { configValidators, PIPELINE_SCHEMA_PATH, TOOL_TYPING_SCHEMA_PATH } from './configSchemas.ts';
export { closestName } from '@carb/io';
export { toolTypes, isSink } from './toolTypes.ts';
export { gridSize, gridValue, gridRational, exceedsGridValue, firstAllowingIndex } from './grid.ts';
export * from './exact.ts';
export { canonicalJson, pipelineComponents, componentHashes, configComponentHashes, CONFIG_COMPONENTS, type ConfigComponent, pipelineHash, diffComponents, PIPELINE_COMPONENTS, type PipelineComponent, type PipelineComponents, type PinExtras } from './hash.ts';
