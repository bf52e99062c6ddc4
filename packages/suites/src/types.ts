import type { Episode, EpisodeLabels } from '@carb/episodes';

export type SuiteName = 'ces' | 'graph-braid';
export type CesCohort = 'clean' | 'near-miss';

/** How the sink carries the handle in the evidence audit (App. G.1). */
export type SinkText = 'exact' | 'laundered';

/**
 * Generator parameters (App. G.1, G.2). Every field has a default (see DEFAULT_PARAMS);
 * CES reads `families`, `provenance`, `sinkText`, `edgeDropout`; graph-braid reads the rest too.
 */
export interface SuiteParams {
  /** CES: number of leak families (80). */
  families: number;
  /** graph-braid: number of trajectories (2000). */
  trajectories: number;
  /** graph-braid: harm prevalence of the Bernoulli recipe (.4). */
  harm: number;
  /**
   * graph-braid: probability that a benign-branch record also names the ticket's public object,
   * a second observable link beside its branch identifier (.5).
   */
  benignDensity: number;
  /** Additive score noise σ (0 = none). Applied by replay, not stored in episodes: see scoreNoise() of @carb/replay. */
  scoreNoise: number;
  /** Probability that each observable edge of the prefix graph is dropped at replay (0; App. G.2): see edgeDropout() of @carb/evidence. */
  edgeDropout: number;
  /** Structured provenance present (true) or removed (false) from every step. */
  provenance: boolean;
  /** Exact handle text at the sink, or laundered (App. G.1 "text −"). */
  sinkText: SinkText;
}

export const DEFAULT_PARAMS: SuiteParams = {
  families: 80,
  trajectories: 2000,
  harm: 0.4,
  benignDensity: 0.5,
  scoreNoise: 0,
  edgeDropout: 0,
  provenance: true,
  sinkText: 'exact',
};

/** What a generator run records beside the corpus (`<name>.meta.json`). */
export interface SuiteMeta {
  suite: SuiteName;
  cohort: CesCohort | null;
  seed: number;
  params: SuiteParams;
  /** Seed of the additive score noise stream (scoreNoise σ > 0); replay draws ε per (episode, step) from it. */
  noiseSeed: number;
  episodes: number;
  harmful: number;
  /** harmful / episodes (graph-braid: the realized share of the seeded recipe). */
  harmfulShare: number;
}

export interface SuiteOutput {
  episodes: Episode[];
  labels: EpisodeLabels[];
  meta: SuiteMeta;
}
