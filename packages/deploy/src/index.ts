// @carb/deploy: what happens to a calibrated gate after deployment (apply to new logs, shift checks, risk monitoring).
export { recalibrateCommand } from './recalibrateCommand.ts';
export { shellQuote } from './shellQuote.ts';
export { ksStatistic } from './ksStatistic.ts';
export { permutationKsTest, type PermutationTest } from './permutationTest.ts';
export { conformalPValues } from './conformalPValues.ts';
export { simpleJumper, type MartingalePath } from './simpleJumper.ts';
export { clopperPearson } from './clopperPearson.ts';
export { unseenTools, type UnseenTools } from './unseenTools.ts';
