import { defaultPipelinePath, loadPipeline, type Pipeline } from '@carb/pipeline';

let cached: Pipeline | null = null;

/** The pipeline whose graph rules W builds the evidence graph with: carb's default (configs/pipelines/default.json). */
export function auditPipeline(): Pipeline {
  cached ??= loadPipeline(defaultPipelinePath());
  return cached;
}
