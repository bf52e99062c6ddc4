import type { LedgerMode, Pipeline, UnlabelledPolicy } from '@carb/pipeline';
import { scoreSources } from './externalScores.ts';
import { bothSources, ledgerSources, type EpisodeSources } from './ledgerEvents.ts';
import { UsageError } from '@carb/io';
import { NO_NOTICE, type Notice } from './notice.ts';

/** The bring-your-own ledger and scores flags (calibrate, replay, apply, monitor), as given. */
export interface LedgerArgs {
  ledger: LedgerMode;
  ledgerEvents?: string;
  unlabelled?: UnlabelledPolicy;
  scores?: string;
}

/**
 * The pipeline as a run pins it (scores and events file digests, ledger mode) and what it reads
 * beside the corpus: --scores first, so that the scores file covers every proposal of the
 * corpus, excluded episodes too; then the ledger (--ledger-events, the latent-policy category).
 * Their problem lines go to `onNotice`.
 */
export function runSources(
  loaded: Pipeline,
  args: LedgerArgs & { strict: boolean },
  onNotice: Notice = NO_NOTICE,
): { pipeline: Pipeline; sources: EpisodeSources | null } {
  // a run's pipeline.json pins the files it read: reusing it without them would keep a pin of data not read
  if (loaded.scorer.scoresSha256 !== undefined && args.scores === undefined) {
    throw new UsageError(
      `--scores: expected the scores file the pipeline pins (scorer.scoresSha256 ${loaded.scorer.scoresSha256.slice(0, 12)}…), found nothing`,
    );
  }
  if (loaded.ledger.source && args.ledger === 'builtin') {
    throw new UsageError(
      `--ledger: expected ${loaded.ledger.source.mode} with --ledger-events (the pipeline pins ledger.source), found builtin`,
    );
  }
  const scored = args.scores ? scoreSources(loaded, args.scores, onNotice) : { pipeline: loaded, sources: null };
  const ledger = ledgerSources({
    pipeline: scored.pipeline,
    mode: args.ledger,
    strict: args.strict,
    onNotice,
    ...(args.ledgerEvents ? { eventsFile: args.ledgerEvents } : {}),
    ...(args.unlabelled ? { unlabelled: args.unlabelled } : {}),
  });
  return { pipeline: ledger.pipeline, sources: bothSources(scored.sources, ledger.sources) };
}
