/**
 * Construction labels of a constructed trajectory (CES, graph-braid). Stored beside
 * the episodes (a `<corpus>.labels.jsonl` file), read only by metrics: never by the
 * graph, selectors or scorer.
 */
export interface EpisodeLabels {
  id: string;
  /** Pair / family id (assignment unit). */
  pair: string;
  /** Trajectory kind, e.g. `leak`, `public-send`, `local-summary`, `disconnected`, `harmful`, `benign`. */
  kind: string;
  /** True for a harmful trajectory (leak). */
  harmful: boolean;
  /** 0-based step index of the harmful sink, or null for non-leaks. */
  sinkStep: number | null;
  /** 0-based step indices that lie on a disconnected benign branch (graph-braid benign-stop metric). */
  benignBranchSteps: readonly number[];
}
