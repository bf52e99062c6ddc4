import type { Options } from 'yargs';
import { flagSpec } from './specs.ts';

/** `--include-content`: what an output may show of the logs (README "What each output contains"). */
export const includeContentSpec = (what: string): Options =>
  flagSpec(`also show ${what}; left out by default, since logs hold personal data (values become ‹redacted: N chars›)`);
