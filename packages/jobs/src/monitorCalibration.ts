import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { calibrationStratumField, recalibrateCommand } from '@carb/deploy';
import { STRATUM_FIELDS, type StratumField } from './strata.ts';

/** The calibration's recorded argv (manifest.json beside deploy.json), or null when it holds none. */
function calibrationArgv(deployFile: string): string[] | null {
  const manifest = JSON.parse(readFileSync(join(dirname(deployFile), 'manifest.json'), 'utf8')) as { command?: { argv?: unknown } };
  const argv = manifest.command?.argv;
  return Array.isArray(argv) && argv[0] === 'calibrate' && argv.every((a): a is string => typeof a === 'string') ? argv : null;
}

/** The --by field of a calibration with strata; an error when its manifest does not say. */
export function monitorStratumField(deployFile: string): StratumField {
  const field = calibrationStratumField(calibrationArgv(deployFile) ?? []);
  if (field === null || !(STRATUM_FIELDS as readonly string[]).includes(field)) {
    throw new Error(
      `${join(dirname(deployFile), 'manifest.json')}: expected the calibrate command with --by ${STRATUM_FIELDS.join('|')} (the deploy row is of a stratum), found ${field === null ? 'none' : JSON.stringify(field)}`,
    );
  }
  return field as StratumField;
}

/** The command that recalibrates on the calibration's corpus and the monitored logs, with the same pinned pipeline. */
export function monitorRecalibration(deployFile: string, logs: readonly string[], batches: number): string {
  const dir = dirname(deployFile);
  const argv = calibrationArgv(deployFile);
  if (argv === null) return `(not recorded: ${join(dir, 'manifest.json')} holds no carb calibrate command)`;
  const earlier = batches > 1 ? ` (add the logs of the ${batches - 1} earlier batch(es) too: the state keeps no paths)` : '';
  return `${recalibrateCommand(argv, logs, `${dir.replace(/\/+$/, '')}-recalibrated`)}${earlier}`;
}
