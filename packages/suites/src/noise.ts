import { normal, rngFor } from './rng.ts';
import type { SuiteMeta } from './types.ts';

/**
 * The additive score noise of App. G.2 for proposal `t` of `episodeId`: ε ~ N(0, σ²) from
 * the corpus noise seed, one independent stream per (episode, step) so that it does not
 * depend on selector, threshold or replay order. Replay scores q' = clip[0,1](q + ε); the
 * noise is fixed per proposal, which keeps prefixes nested across thresholds.
 */
export function scoreNoise(meta: Pick<SuiteMeta, 'noiseSeed' | 'params'>, episodeId: string, t: number): number {
  const sigma = meta.params.scoreNoise;
  if (sigma === 0) return 0;
  return sigma * normal(rngFor(meta.noiseSeed, `noise:${episodeId}:${t}`));
}

/** q + ε clipped to [0,1]. */
export function noisyScore(meta: Pick<SuiteMeta, 'noiseSeed' | 'params'>, episodeId: string, t: number, q: number): number {
  return Math.min(1, Math.max(0, q + scoreNoise(meta, episodeId, t)));
}
