import type { Episode } from '@carb/episodes';
import { firstAllowingIndex, type Pipeline, type Score, type SelectorConfig } from '@carb/pipeline';
import { perturbedScore, type ScorePerturbation } from './perturb.ts';
import { createScoringSession } from './session.ts';

/** Per-proposal scores of one ungated episode; λ-free, so computed once. */
export interface EpisodeScores {
  /** q_t per logged proposal (after any perturbation). */
  scores: Score[];
  /** Smallest grid index whose threshold allows proposal t (q_t ≤ λ_g, decided exactly). */
  allowFrom: Int32Array;
  /** |C_t|: selected context size at decision t (proposal counted as one node). */
  contextSize: Int32Array;
}

/** Scores every logged proposal once, executing each record after its decision (the ungated log). */
export function scoreEpisode(episode: Episode, pipeline: Pipeline, selector: SelectorConfig, perturb?: ScorePerturbation): EpisodeScores {
  const steps = episode.steps;
  const T = steps.length;
  const scores: Score[] = [];
  const allowFrom = new Int32Array(T);
  const contextSize = new Int32Array(T);
  const session = createScoringSession(pipeline, selector, episode.id);
  for (let t = 0; t < T; t++) {
    const step = steps[t]!;
    const d = session.decide(step, episode.externalScores?.[t]);
    const q = perturbedScore(d.score, episode.id, t, perturb);
    scores.push(q);
    allowFrom[t] = firstAllowingIndex(pipeline.grid, q);
    contextSize[t] = d.contextSize;
    session.execute(step);
  }
  return { scores, allowFrom, contextSize };
}
