// @carb/deploy: what happens to a calibrated gate after deployment (apply to new logs, shift checks, risk monitoring).
export { recalibrateCommand } from './recalibrateCommand.ts';
export { shellQuote } from './shellQuote.ts';
export { ksStatistic } from './ksStatistic.ts';
export { permutationKsTest, type PermutationTest } from './permutationTest.ts';
export { conformalPValues } from './conformalPValues.ts';
export { simpleJumper, type MartingalePath } from './simpleJumper.ts';
export { clopperPearson } from './clopperPearson.ts';
export { unseenTools, type UnseenTools } from './unseenTools.ts';
export { fingerprintText, readFingerprint, type Fingerprint } from './fingerprint.ts';
export { appliedEpisode, type AppliedEpisode } from './appliedEpisode.ts';
export { applySummary, type ApplySummary } from './applySummary.ts';
export { applyDeployedGate, type ApplyInput, type ApplyResult, type AppliedLedgerRow } from './applyDeployedGate.ts';
export { shiftCheck, type ShiftCheck, type ShiftInput, type StratumShift } from './shiftCheck.ts';
export { appliedArrow, appliedCsv, APPLIED_COLUMNS } from './appliedTable.ts';
export { applyReportLines, applyHtml, type ApplyReport } from './applyReport.ts';
export { deployDiff, type HeldOut } from './deployDiff.ts';
export { countTools, sortedCounts } from './countTools.ts';
// monitor
export { BET_CAP, bettingState, bettingUpdate, nextBet, LOG_WEALTH } from './bettingEProcess.ts';
export { riskLowerBounds, CS_GRID } from './riskLowerBounds.ts';
export { monitorRisk, monitorStateRisk, type MonitorRisk, type MonitorCheckpoint } from './monitorRisk.ts';
export { monitorStateText, idDigest, sha256Hex, type MonitorState, type MonitorBatch, type MonitoredRow } from './monitorState.ts';
export { readMonitorState, isMonitorStateText } from './readMonitorState.ts';
export { appendMonitorBatch, type LabelledBatch } from './appendMonitorBatch.ts';
export { monitoredRowProblem } from './monitoredRowProblem.ts';
export { deployedSourcesProblem } from './deployedSourcesProblem.ts';
export { calibrationStratumField } from './calibrationStratumField.ts';
