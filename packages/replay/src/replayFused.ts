import type { Episode } from '@carb/episodes';
import { ledgerTrace, type LedgerTrace } from '@carb/ledger';
import type { Pipeline, SelectorConfig } from '@carb/pipeline';
import { edgeDropout, type EdgeDropoutSource } from '@carb/evidence';
import { allocateBreakpointTable, fillBreakpointRow } from './breakpointTable.ts';
import type { BreakpointTable } from './breakpoints.ts';
import { ScoreColumns, scoreEpisodeFused, type EpisodeScores } from './scoreEpisode.ts';
import { noisyScore, type ScoreNoiseSource } from './scoreNoise.ts';

/** One table to produce: the name it is recorded under and the selector it replays. */
export interface FusedSelector {
  method: string;
  selector: SelectorConfig;
}

/**
 * The seeded replay perturbations of a generated suite (its .meta.json): score noise
 * (params.scoreNoise) and observable-edge dropout (params.edgeDropout), both drawn from
 * noiseSeed. Plain data, so it crosses to worker threads.
 */
export interface ReplayNoise extends ScoreNoiseSource, EdgeDropoutSource {
  params: { scoreNoise: number; edgeDropout: number };
}

export interface FusedReplayOptions {
  /** Score noise on every q_t and edge dropout on every prefix graph (App. G.2), the same draws for every selector. */
  noise?: ReplayNoise | null;
  /** Ledger traces by episode index, when the caller already has them. */
  traces?: readonly LedgerTrace[];
  /** Per-episode progress callback. */
  onEpisode?: () => void;
  /**
   * Each episode's scores per selector (in `selectors` order), as scored: what `carb apply` reports beside
   * the table. Their allowFrom and contextSize are views valid during the call (ScoreColumns).
   */
  onScored?: (e: number, scored: readonly EpisodeScores[]) => void;
}

/**
 * One fused replay pass: each episode's prefix graph is built once and every selector is
 * decided on it; returns one breakpoint table per selector, in the order given.
 */
export function replayFused(
  episodes: readonly Episode[],
  pipeline: Pipeline,
  selectors: readonly FusedSelector[],
  options: FusedReplayOptions = {},
): BreakpointTable[] {
  const { noise } = options;
  // each perturbation only when it acts: σ = 0 must leave exact scores exact
  const perturb = noise?.params.scoreNoise ? (id: string, t: number, q: number) => noisyScore(noise, id, t, q) : undefined;
  const dropEdges = noise?.params.edgeDropout ? (id: string) => edgeDropout(noise, id) : undefined;
  const configs = selectors.map((s) => s.selector);
  const tables = selectors.map((s) => allocateBreakpointTable(s.method, pipeline.grid, episodes));
  // each episode's row is written as soon as it is scored: nothing per episode outlives its turn
  const columns = new ScoreColumns();
  episodes.forEach((episode, e) => {
    const scored = scoreEpisodeFused(episode, pipeline, configs, perturb, dropEdges, columns);
    const { firstStep } = options.traces?.[e] ?? ledgerTrace(episode, pipeline);
    scored.forEach((replay, s) => fillBreakpointRow(tables[s]!, e, episode, replay, firstStep));
    options.onScored?.(e, scored);
    options.onEpisode?.();
  });
  return tables;
}
