import { doubleScore, scoreValue, type Score } from '@carb/pipeline';
import type { EdgeFilter } from '@carb/evidence';

/** A seeded perturbation of q_t fixed per (episode, step), e.g. the graph-braid score-noise sweep. */
export type ScorePerturbation = (episodeId: string, t: number, q: number) => number;

/** q_t after the perturbation: the noise acts on the nearest double, and the result is a double score. */
export function perturbedScore(q: Score, episodeId: string, t: number, perturb?: ScorePerturbation): Score {
  return perturb ? doubleScore(perturb(episodeId, t, scoreValue(q))) : q;
}

/**
 * A seeded observable-edge dropout fixed per (episode, edge), e.g. the graph-braid edge-dropout
 * sweep: the prefix-graph edge filter of one episode, or null to keep every edge.
 */
export type EdgePerturbation = (episodeId: string) => EdgeFilter | null;
