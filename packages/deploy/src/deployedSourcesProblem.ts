import type { LedgerMode, Pipeline } from '@carb/pipeline';

/**
 * Why new logs cannot be read the way the calibration read its corpus, or null: the deployed
 * pipeline pins the ledger (built-in, or an external events file in `external`/`union` mode)
 * and the scorer (built-in, or external scores), and a monitored or applied loss is only the
 * certified one when it is measured the same way. One line naming the flag.
 */
export function deployedSourcesProblem(pipeline: Pipeline, ledger: LedgerMode, scores: boolean): string | null {
  const pinned = pipeline.ledger.source?.mode ?? 'builtin';
  if (ledger !== pinned) {
    return `--ledger: expected ${pinned} (the calibration's ledger${pinned === 'builtin' ? '' : ", with the new logs' --ledger-events"}), found ${ledger}`;
  }
  const external = pipeline.scorer.source === 'external';
  if (scores !== external) {
    return external
      ? "--scores: expected the new logs' external scores (the calibration scored externally), found nothing"
      : '--scores: expected no external scores (the calibration used the built-in scorer), found a scores file';
  }
  return null;
}
