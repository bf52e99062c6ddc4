import type { Episode } from '@carb/episodes';
import { ledgerTrace, type LedgerTrace } from '@carb/ledger';
import { gridSize, type Pipeline } from '@carb/pipeline';
import type { OutcomeTable } from './outcome.ts';
import { allocateOutcomeTable, fillEpisodeRows } from './outcomeTable.ts';
import type { ScorePerturbation } from './perturb.ts';
import { scoreEpisode } from './scoreEpisode.ts';
import { stoppedPrefixLengths } from './stoppedPrefix.ts';

export interface ReplayOptions {
  /** Name recorded in the table (defaults to the selector kind). */
  method?: string;
  /** Ledger traces by episode index, when the caller replays several selectors over one corpus. */
  traces?: readonly LedgerTrace[];
  /** Seeded score perturbation applied to every q_t (score-noise sweeps). */
  perturbScore?: ScorePerturbation;
  /** Per-episode progress callback. */
  onEpisode?: () => void;
}

/** Ledger traces of a corpus (independent of selector and threshold). */
export function ledgerTraces(episodes: readonly Episode[], pipeline: Pipeline): LedgerTrace[] {
  return episodes.map((e) => ledgerTrace(e, pipeline));
}

/**
 * Single-pass replay: each proposal is scored once, and every grid index's stopped
 * prefix is read off the running maximum of the per-step allowing indices.
 */
export function replayCorpus(episodes: readonly Episode[], pipeline: Pipeline, options: ReplayOptions = {}): OutcomeTable {
  const table = allocateOutcomeTable(options.method ?? pipeline.selector.kind, pipeline.grid, episodes);
  const G = gridSize(pipeline.grid);
  episodes.forEach((episode, e) => {
    const { allowFrom, contextSize } = scoreEpisode(episode, pipeline, pipeline.selector, options.perturbScore);
    const trace = options.traces?.[e] ?? ledgerTrace(episode, pipeline);
    fillEpisodeRows(table, e, episode, stoppedPrefixLengths(allowFrom, G), trace.firstStep, contextSize);
    options.onEpisode?.();
  });
  return table;
}
