export * from './types.ts';
export { loadPipeline, loadToolTyping, defaultPipelinePath, withSelector } from './load.ts';
export { gridSize, gridValue, firstAllowingIndex } from './grid.ts';
export { canonicalJson, pipelineComponents, componentHashes, pipelineHash, diffComponents, corpusDigest, PIPELINE_COMPONENTS, type PipelineComponent, type PipelineComponents, type PinExtras } from './hash.ts';
