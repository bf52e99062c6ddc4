export * from './types.ts';
export { loadPipeline, loadToolTyping, defaultPipelinePath, withSelector } from './load.ts';
export { gridSize, gridValue, firstAllowingIndex } from './grid.ts';
