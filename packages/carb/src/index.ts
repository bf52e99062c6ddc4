// carb's public API: what `import … from 'carb'` gives. A thin index: each name is defined in the
// workspace package that owns it; src/jobs.ts names the CLI workflows wrapped here.
export { readEpisodes, type ReadEpisodesOptions } from './readEpisodes.ts';
export { calibrate, type CalibrateOptions, type Calibration, type SummaryJsonRow } from './calibrate.ts';
export { explain, type Explanation } from './explain.ts';
export { CARB_VERSION } from '@carb/jobs';
export {
  loadGate,
  openGate,
  resolveGate,
  runGateEvents,
  readDeployRows,
  applyDeployedGate,
  monitorStateRisk,
  readMonitorState,
  readFingerprint,
  type LoadGateOptions,
  type DeployedGate,
  type GateVerdict,
  type ResolvedGate,
  type GateChoiceArgs,
  type IndexedRow,
  type ApplyInput,
  type ApplyResult,
  type MonitorRisk,
  type MonitorState,
  type Fingerprint,
} from '@carb/deploy';
export type { ProposedCall, ObservedResult, GateDecision } from '@carb/replay';
export type { Episode, CorpusFormat } from '@carb/episodes';
export type { DeployRow, MethodName, Guarantee } from '@carb/calibrate';
export { UsageError } from '@carb/io';
