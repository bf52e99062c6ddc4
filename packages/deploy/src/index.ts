// @carb/deploy: what happens to a calibrated gate after deployment (apply to new logs, shift checks, risk monitoring).
export { recalibrateCommand } from './recalibrateCommand.ts';
export { shellQuote } from './shellQuote.ts';
