export * from './types.ts';
export { loadPipeline, loadToolTyping, loadToolTypings, defaultPipelinePath, withSelector } from './load.ts';
export { configValidators, PIPELINE_SCHEMA_PATH, TOOL_TYPING_SCHEMA_PATH } from './configSchemas.ts';
export { closestName } from '@carb/io';
export { toolTypes, isSink } from './toolTypes.ts';
export { untypedCalls } from './untypedCalls.ts';
export { suggestToolTypes, type TypeSuggestion } from './typeSuggestion.ts';
export { typingSkeleton, type ToolUse, type TypingReviewNote, type TypingSkeleton } from './typingSkeleton.ts';
export { typingSkeletonText } from './typingSkeletonText.ts';
export { typingConflicts } from './typingConflicts.ts';
export { checkTyping, type TypingCheck } from './typingCheck.ts';
export { pendingReview, typingCheckLines } from './typingCheckLines.ts';
export { checkPipeline, pipelineCheckText, type PipelineCheck } from './pipelineCheck.ts';
export { gridSize, gridValue, gridRational, exceedsGridValue, firstAllowingIndex } from './grid.ts';
export * from './exact.ts';
export {
  pipelineComponents,
  componentHashes,
  configComponentHashes,
  CONFIG_COMPONENTS,
  type ConfigComponent,
  pipelineHash,
  diffComponents,
  PIPELINE_COMPONENTS,
  type PipelineComponent,
  type PipelineComponents,
  type PinExtras,
} from './hash.ts';
export { ownToolTyping } from './ownToolTyping.ts';
