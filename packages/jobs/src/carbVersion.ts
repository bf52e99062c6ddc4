import { readFileSync } from 'node:fs';
import { carbPath } from '@carb/io';

/**
 * carb's version (root package.json), part of the pipeline hash. Its own module, free of the
 * calibration code, so `carb --version` and `--help` load nothing else.
 */
export const CARB_VERSION: string = (JSON.parse(readFileSync(carbPath('package.json'), 'utf8')) as { version: string }).version;
