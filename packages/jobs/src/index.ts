// @carb/jobs: carb's workflows as typed functions (plain inputs, plain outputs); the CLI parses options, calls them and prints.
export { CARB_VERSION } from './carbVersion.ts';
export { STRATUM_FIELDS, type StratumField } from './strata.ts';
export { shardFileName, resolveShard, type ShardSpec } from './shardSpec.ts';
export { noticeProblems, NO_NOTICE, type Notice } from './notice.ts';
export { holdingOutput, holdingOutputFile } from './holdingOutput.ts';
export { earlierOutput } from './earlierOutput.ts';
// corpus and the files read beside it
export { loadEpisodes, streamEpisodes, readStats, type ReadStats, type LoadOptions } from './loadEpisodes.ts';
export { ledgerSources, bothSources, readPinned, type EpisodeSources, type LedgerRow, type LedgerSourceOptions } from './ledgerEvents.ts';
export { scoreSources } from './externalScores.ts';
export { runSources, type LedgerArgs } from './scoresAndEvents.ts';
// replay and calibration
export { CorpusTally } from './corpusTally.ts';
export {
  replayInput,
  replayProvenance,
  noiseText,
  NO_STRATUM_VALUE,
  type EpisodeInput,
  type ReplayedInput,
  type ReplayInputOptions,
} from './replayInput.ts';
export { mergeShards } from './mergeShards.ts';
export { deployRows, type DeployInput } from './deployRows.ts';
export { deployLambdaLines } from './deployLambdaLines.ts';
export { seedCheckTable, type SeedCheckSpec } from './seedCheck.ts';
export { runCalibrationJob, suitePerturbationFor, detectDataset, labelsFor, type JobSpec, type JobResult } from './calibrationJob.ts';
export { SPLIT_ROWS, type SplitRows } from './splitRows.ts';
// output rules of report folders
export { APPLY_RULE } from './applyTarget.ts';
export { toolsInitTargetProblem } from './toolsInitTarget.ts';
export { AUDIT_RULE } from './auditTarget.ts';
export { NEARMISS_RULE } from './nearmissTarget.ts';
// near-miss audit
export { domainWarnings } from './nearmissDomain.ts';
export { flaggedTrajectories, type FlaggedTrajectory } from './nearmissFlagged.ts';
export { tau2CallLocations, type CallLocation } from './nearmissLocate.ts';
export { readNearmissInput } from './nearmissRead.ts';
// carb verify
export { isCarbOutputFolder } from './verify/carbOutputFolder.ts';
export { corpusChanges } from './verify/corpusChanges.ts';
export { folderFiles, type FolderFiles } from './verify/folderFiles.ts';
export { folderProblems, short } from './verify/folderProblems.ts';
export { inputProblems } from './verify/inputs.ts';
export { outputPathProblem } from './verify/outputPath.ts';
export { REPORT_COMMANDS, reportCommandProblem } from './verify/reportCommand.ts';
export { calibrate, type CalibrateArgs, type CalibrateResult } from './calibrate.ts';
export { mainJob, type MainArgs, type MainJobEvents, type MainJobResult } from './mainJob.ts';
export { replay, type ReplayArgs, type ReplayResult, type ReplaySummary } from './replay.ts';
export { ingest, toolTypingFor, type IngestArgs, type IngestResult } from './ingest.ts';
export { nearmiss, type NearmissArgs, type NearmissResult, type ByReading } from './nearmiss.ts';
export { nearmissHtml } from './nearmissHtml.ts';
export { monitor, type MonitorArgs, type MonitorResult } from './monitor.ts';
export { monitorLines } from './monitorLines.ts';
export { apply, type ApplyArgs } from './apply.ts';
export { audit, isDecisionsFile, type AuditArgs, type AuditEvents, type AuditExtras, type AuditResult } from './audit.ts';
export { verify, type VerifyArgs, type VerifyEnvironment, type VerifyResult } from './verify/verify.ts';
export { verifyVerdict } from './verify/verdict.ts';
export { nearmissTable, nearmissJsonRows } from './nearmissText.ts';
export { sweep, type SweepJobArgs, type SweepJobProgress } from './sweep.ts';
export { suite, type SuiteJobArgs } from './suite.ts';
