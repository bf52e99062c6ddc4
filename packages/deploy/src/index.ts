// @carb/deploy: what happens to a calibrated gate after deployment (apply to new logs, shift checks, risk monitoring).
export { recalibrateCommand } from './recalibrateCommand.ts';
export { shellQuote } from './shellQuote.ts';
// monitor
export { BET_CAP, bettingState, bettingUpdate, nextBet, LOG_WEALTH } from './bettingEProcess.ts';
export { riskLowerBounds, CS_GRID } from './riskLowerBounds.ts';
export { monitorRisk, type MonitorRisk, type MonitorCheckpoint } from './monitorRisk.ts';
export { monitorStateText, idDigest, sha256Hex, type MonitorState, type MonitorBatch, type MonitoredRow } from './monitorState.ts';
export { readMonitorState, isMonitorStateText } from './readMonitorState.ts';
export { appendMonitorBatch, type LabelledBatch } from './appendMonitorBatch.ts';
export { monitoredRowProblem } from './monitoredRowProblem.ts';
export { deployedSourcesProblem } from './deployedSourcesProblem.ts';
export { calibrationStratumField } from './calibrationStratumField.ts';
