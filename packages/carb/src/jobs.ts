// The CLI's workflows the public API wraps, in one place: when they move out of packages/cli
// (to @carb/jobs), these lines are the only ones to repoint.
export { loadEpisodes } from '../../cli/src/loadEpisodes.ts';
export { labelsFor, runCalibrationJob, suitePerturbationFor } from '../../cli/src/calibrationJob.ts';
export { CARB_VERSION } from '../../cli/src/commands/version.ts';
