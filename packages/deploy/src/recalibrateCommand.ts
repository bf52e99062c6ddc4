import { shellQuote } from './shellQuote.ts';

/**
 * The command that recalibrates a deployed gate on its calibration logs together with new
 * ones, under the same pinned pipeline: the calibration's own argv (manifest.json's
 * `command.argv`, paths as it was run from) with the new logs added as corpora right after
 * the command name and `--out` pointed at a new folder. Every other flag stays, so the
 * re-run pins the same components and differs only in the corpus digest of old ∪ new. A new
 * log the calibration already read (the same path in its argv) is not added twice: a union, not
 * a corpus with repeated episodes.
 */
export function recalibrateCommand(calibrationArgv: readonly string[], newLogs: readonly string[], out: string): string {
  if (calibrationArgv[0] !== 'calibrate') {
    throw new Error(`expected the argv of a carb calibrate run, found "${calibrationArgv[0] ?? ''}"`);
  }
  const rest = [...calibrationArgv.slice(1)];
  const at = rest.findIndex((a) => a === '--out' || a.startsWith('--out='));
  if (at >= 0) rest.splice(at, rest[at] === '--out' ? 2 : 1);
  const fresh = newLogs.filter((p) => !rest.includes(p));
  return ['carb', 'calibrate', ...fresh, ...rest, '--out', out].map(shellQuote).join(' ');
}
