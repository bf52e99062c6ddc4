export type { SuiteName, CesCohort, SinkText, SuiteParams, SuiteMeta, SuiteOutput } from './types.ts';
export { DEFAULT_PARAMS } from './types.ts';
export { parseParams } from './params.ts';
export { generateCes, CES_KINDS, CES_RECIPIENT, type CesKind } from './ces.ts';
export {
  generateGraphBraid,
  graphBraidTrajectories,
  graphBraidMeta,
  type Trajectory,
  BRAID_LENGTH,
  BRAID_SINK_STEP,
  BRAID_UPDATE_STEP,
  BRAID_EXFIL_RECIPIENT,
} from './graphBraid.ts';
export { writeSuite, writeSuiteStream, suiteFiles, labelsToJsonl, corpusStem } from './write.ts';
export { FILLER_TOOLS } from './fillers.ts';
export { suiteOutputProblem, suitePaths, SUITE_META_SCHEMA_PATH } from './suiteOutput.ts';
