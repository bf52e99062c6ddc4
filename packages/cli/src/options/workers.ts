import type { Options } from 'yargs';
import { integerSpec } from './specs.ts';

/** --workers: replay threads; absent means one per available core (os.availableParallelism()). */
export const workersSpec = (): Options =>
  integerSpec('workers', 'replay worker threads, integer ≥ 1 (1: in this process, no pool; default: one per available core)', 1);
