import type { Episode } from './types.ts';

export interface EligibilityOptions {
  /** Keep aborted runs in the calibration pool (default false). */
  includeAborted?: boolean;
}

/** Whether an episode enters calibration: aborted runs are excluded unless asked for. */
export function eligibleForCalibration(ep: Pick<Episode, 'flags'>, opts: EligibilityOptions = {}): boolean {
  return opts.includeAborted === true || ep.flags.aborted === null;
}
