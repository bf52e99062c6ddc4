/**
 * The episode source field a calibration stratified on (`--by F` or `--by=F` in its recorded
 * argv), or null when it ran pooled only: a deploy row of stratum S was fit on the episodes
 * whose `source[F]` is S, so new logs are matched to it by the same field.
 */
export function calibrationStratumField(calibrationArgv: readonly string[]): string | null {
  for (let i = 0; i < calibrationArgv.length; i++) {
    const a = calibrationArgv[i]!;
    if (a === '--by') return calibrationArgv[i + 1] ?? null;
    if (a.startsWith('--by=')) return a.slice('--by='.length);
  }
  return null;
}
