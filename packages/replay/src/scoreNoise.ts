import { seededRandom, type Rng } from '@carb/io';

/** What score noise reads of a generated suite's .meta.json: its noise seed and σ. */
export interface ScoreNoiseSource {
  noiseSeed: number;
  params: { scoreNoise: number };
}

/** The episode whose noise stream was drawn last: replay asks for its steps one after another. */
let last: { key: string; rng: Rng; draws: number[] } | null = null;

/** The t-th standard normal of an episode's noise stream (one seeded stream per episode, drawn in step order). */
function episodeNormal(noiseSeed: number, episodeId: string, t: number): number {
  const key = `${noiseSeed}\u0000${episodeId}`;
  // the suites' stream naming (`seed:stream`), so the draws of every corpus written so far stay what they were
  if (last === null || last.key !== key) last = { key, rng: seededRandom(`${noiseSeed}:noise:${episodeId}`, 'quick'), draws: [] };
  while (last.draws.length <= t) last.draws.push(normal(last.rng));
  return last.draws[t]!;
}

/**
 * The additive score noise of App. G.2 for proposal `t` of `episodeId`: ε ~ N(0, σ²), the t-th
 * draw of the episode's own stream from the corpus noise seed, so it depends on neither
 * selector, threshold nor replay order (one stream per episode, not per step: a seeded stream
 * costs as much to start as a few hundred draws). Replay scores q' = clip[0,1](q + ε); the noise
 * is fixed per proposal, which keeps prefixes nested across thresholds.
 */
export function scoreNoise(meta: ScoreNoiseSource, episodeId: string, t: number): number {
  const sigma = meta.params.scoreNoise;
  if (sigma === 0) return 0;
  return sigma * episodeNormal(meta.noiseSeed, episodeId, t);
}

/** q + ε clipped to [0,1]. */
export function noisyScore(meta: ScoreNoiseSource, episodeId: string, t: number, q: number): number {
  return Math.min(1, Math.max(0, q + scoreNoise(meta, episodeId, t)));
}

/** Standard normal draw (Box–Muller). */
function normal(rng: Rng): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
