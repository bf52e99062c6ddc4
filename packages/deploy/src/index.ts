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
export { shiftCheck, type ShiftCheck, type ShiftInput, type StratumShift } from './shiftCheck.ts';
export { appliedArrow, appliedCsv, APPLIED_COLUMNS } from './appliedTable.ts';
export { applyReportLines, applyHtml, type ApplyReport } from './applyReport.ts';
export { deployDiff, type HeldOut } from './deployDiff.ts';
export { countTools, sortedCounts } from './countTools.ts';
