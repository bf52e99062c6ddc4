import { pipelineComponents, pipelineHash, type Pipeline } from '@carb/pipeline';

/**
 * The pipeline hash a sweep pins: pipelineHash over the config components (ledger, typing,
 * graph, selector, scorer, sanitizer, grid). The split protocol, corpus and version slots stay
 * empty because a sweep fixes them per condition (split seeds, generator, carb version in
 * conditionHash), not per pipeline.
 */
export function sweepPipelineHash(pipeline: Pipeline): string {
  return pipelineHash(pipelineComponents(pipeline, { splitProtocol: {}, corpusDigest: '', carbVersion: '' }));
}
