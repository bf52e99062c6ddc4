import type { Episode } from '@carb/episodes';
import { firstAllowingIndex, type Pipeline, type SelectorConfig } from '@carb/pipeline';
import { createScoringSession } from './session.ts';

/** Per-proposal scores of one ungated episode; λ-free, so computed once. */
export interface EpisodeScores {
  /** q_t per logged proposal. */
  scores: Float64Array;
  /** Smallest grid index whose threshold allows proposal t (q_t ≤ λ_g). */
  allowFrom: Int32Array;
  /** |C_t|: selected context size at decision t (proposal counted as one node). */
  contextSize: Int32Array;
}

/** A seeded perturbation of q_t fixed per (episode, step), e.g. the graph-braid score-noise sweep. */
export type ScorePerturbation = (episodeId: string, t: number, q: number) => number;

/** Scores every logged proposal once, executing each record after its decision (the ungated log). */
export function scoreEpisode(episode: Episode, pipeline: Pipeline, selector: SelectorConfig, perturb?: ScorePerturbation): EpisodeScores {
  const steps = episode.steps;
  const T = steps.length;
  const scores = new Float64Array(T);
  const allowFrom = new Int32Array(T);
  const contextSize = new Int32Array(T);
  const session = createScoringSession(pipeline, selector, episode.id);
  for (let t = 0; t < T; t++) {
    const step = steps[t]!;
    const d = session.decide(step, episode.externalScores?.[t]);
    const q = perturb ? perturb(episode.id, t, d.score) : d.score;
    scores[t] = q;
    allowFrom[t] = firstAllowingIndex(pipeline.grid, q);
    contextSize[t] = d.contextSize;
    session.execute(step);
  }
  return { scores, allowFrom, contextSize };
}
