export type { OutcomeTable } from './outcome.ts';
export { stepRate } from './outcome.ts';
export { createScoringSession, withEmptyResult, type ScoringSession, type Decision } from './session.ts';
export { scoreEpisode, type EpisodeScores } from './scoreEpisode.ts';
export { perturbedScore, type ScorePerturbation, type EdgePerturbation } from './perturb.ts';
export { scoreNoise, noisyScore, type ScoreNoiseSource } from './scoreNoise.ts';
export { stoppedPrefixLengths } from './stoppedPrefix.ts';
export { allocateOutcomeTable, fillEpisodeRows } from './outcomeTable.ts';
export { replayCorpus, ledgerTraces, type ReplayOptions } from './replayCorpus.ts';
export { naiveReplay } from './naiveReplay.ts';
export {
  createGate,
  type Gate,
  type GateDecision,
  type GateOptions,
  type GateThreshold,
  type ProposedCall,
  type ObservedResult,
} from './gate.ts';
export { gateFromDeploy, type DeployedThreshold } from './gateFromDeploy.ts';
export { explainEpisode, type EpisodeExplanation, type StepExplanation } from './explainEpisode.ts';
export { explanationShown } from './explainRedacted.ts';
export {
  explainDecision,
  type DecisionExplanation,
  type ContextRecord,
  type ContextEdge,
  type FiredFeature,
  type RelationName,
} from './explainDecision.ts';
export { gridMeans, gridMeansOfBreakpoints, type GridMean } from './gridMeans.ts';
export type { BreakpointTable } from './breakpoints.ts';
export { breakpointTable, mergeLedgerRow, type EpisodeReplay } from './breakpointTable.ts';
export { denseFromBreakpoints } from './denseFromBreakpoints.ts';
export { createFusedSession, type FusedScoringSession, type DecisionObserver } from './session.ts';
export { ScoreColumns, scoreEpisodeFused } from './scoreEpisode.ts';
export { replayFused, type FusedSelector, type FusedReplayOptions, type ReplayNoise } from './replayFused.ts';
export { replayParallel, defaultWorkers, type ParallelReplayOptions } from './replayParallel.ts';
export { replayStream, type ReplayBatch, type LineBatch } from './replayStream.ts';
export { replayBesideReading, BESIDE_READING_CHUNK, type DecodedBatch } from './replayBeside.ts';
export { replayLines, type LineTask, type ReplayedLines } from './replayLines.ts';
export { concatBreakpoints } from './concatBreakpoints.ts';
export {
  breakpointTablesToArrow,
  breakpointTablesFromArrow,
  decodeBreakpointArrow,
  isBreakpointArrowFile,
  breakpointArrowKind,
  NOT_WHOLE_BREAKPOINTS,
  BREAKPOINT_BATCH_EPISODES,
} from './breakpointArrow.ts';
export { shardSize, type ReplayProvenance } from './replayProvenance.ts';
export { takeBreakpoints } from './takeBreakpoints.ts';
export { REPLAY_SHARDS_RULE, isBreakpointArrowHead } from './breakpointOutput.ts';
