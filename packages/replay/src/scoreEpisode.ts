import type { Episode } from '@carb/episodes';
import { firstAllowingIndex, type Pipeline, type Score, type SelectorConfig } from '@carb/pipeline';
import { perturbedScore, type EdgePerturbation, type ScorePerturbation } from './perturb.ts';
import { createFusedSession } from './session.ts';

/** Per-proposal scores of one ungated episode; λ-free, so computed once. */
export interface EpisodeScores {
  /** q_t per logged proposal (after any perturbation). */
  scores: Score[];
  /** Smallest grid index whose threshold allows proposal t (q_t ≤ λ_g, decided exactly). */
  allowFrom: Int32Array;
  /** |C_t|: selected context size at decision t (proposal counted as one node). */
  contextSize: Int32Array;
}

/**
 * Scores every logged proposal once, executing each record after its decision (the ungated
 * log); `perturb` moves each q_t, `dropEdges` filters the episode's prefix-graph edges.
 */
export function scoreEpisode(
  episode: Episode,
  pipeline: Pipeline,
  selector: SelectorConfig,
  perturb?: ScorePerturbation,
  dropEdges?: EdgePerturbation,
): EpisodeScores {
  return scoreEpisodeFused(episode, pipeline, [selector], perturb, dropEdges)[0]!;
}

/**
 * scoreEpisode under several selectors in one pass over the episode (one prefix graph):
 * one EpisodeScores per selector, each equal to what scoreEpisode gives for it alone.
 */
export function scoreEpisodeFused(
  episode: Episode,
  pipeline: Pipeline,
  selectors: readonly SelectorConfig[],
  perturb?: ScorePerturbation,
  dropEdges?: EdgePerturbation,
): EpisodeScores[] {
  const steps = episode.steps;
  const T = steps.length;
  const out: EpisodeScores[] = selectors.map(() => ({ scores: [], allowFrom: new Int32Array(T), contextSize: new Int32Array(T) }));
  const session = createFusedSession(pipeline, selectors, episode.id, undefined, dropEdges?.(episode.id));
  for (let t = 0; t < T; t++) {
    const step = steps[t]!;
    const decisions = session.decide(step, episode.externalScores?.[t]);
    decisions.forEach((d, s) => {
      const q = perturbedScore(d.score, episode.id, t, perturb);
      const o = out[s]!;
      o.scores.push(q);
      o.allowFrom[t] = firstAllowingIndex(pipeline.grid, q);
      o.contextSize[t] = d.contextSize;
    });
    session.execute(step);
  }
  session.release();
  return out;
}
