import type { PolicyStep } from '@carb/episodes/policy';
import type { ToolType } from '@carb/pipeline';

/** Edge relations of g-carb App. B.2, numbered as in the paper. */
export const RELATIONS = {
  branch: 1,
  sharedIdentifier: 2,
  declaredInput: 3,
  canary: 4,
  financialIdentifier: 5,
  irreversibleObject: 6,
  messageThread: 7,
  exactContent: 8,
} as const;
export type Relation = (typeof RELATIONS)[keyof typeof RELATIONS];

/** One incoming edge: `relations` is a bitmask, bit (r − 1) set when relation r produced it. */
export interface PrefixEdge {
  readonly from: number;
  readonly relations: number;
}

/** Observable marks of one node, computed once from its visible record. */
export interface NodeMarks {
  /** Private-source node (see README: typed private_source and not failed, or a canary in its result). */
  readonly privateSource: boolean;
  /** Canary strings in the visible result (sanitizer.canaryPattern). */
  readonly resultCanaries: readonly string[];
  /** Canary strings in the action arguments. */
  readonly argCanaries: readonly string[];
  /** The visible result matches one of sanitizer.injectionMarkers. */
  readonly injection: boolean;
}

export interface PrefixGraph {
  /** Node count (executed records plus, while a proposal is pending, the proposal as last node). */
  readonly size: number;
  /** True while the last node is a proposal whose result is not visible yet. */
  readonly pending: boolean;
  /** Direct parents of node i (earlier nodes with an edge into i), ascending. */
  parents(i: number): readonly number[];
  /** Incoming edges of node i with the relations that produced them, ascending by `from`. */
  edges(i: number): readonly PrefixEdge[];
  /** Visible record of node i (the proposal's result is "" and error null while pending). */
  record(i: number): PolicyStep;
  /** Frozen tool types of node i (from pipeline.toolTyping; [] = unknown). */
  types(i: number): readonly ToolType[];
  /** Observable marks of node i, computed once: private source, canaries seen in its result / args, injection marker in result. */
  marks(i: number): NodeMarks;
}

/**
 * Keep (true) or drop (false) every edge from node `from` into node `to`, all relations on
 * that pair together: the observable-edge dropout of a perturbed replay (App. G.2). It sees
 * node positions only, so it cannot depend on labels; it must answer the same for a pair
 * every time, so that the proposal and the executed record of a step get the same edges.
 */
export type EdgeFilter = (from: number, to: number) => boolean;

export interface PrefixGraphOptions {
  /** Applied to the incoming edges of every node built (default: every edge kept). */
  keepEdge?: EdgeFilter;
}

export interface PrefixGraphBuilder extends PrefixGraph {
  /** Adds proposal A_t as node t (empty result), computing its incoming edges from its action fields. */
  propose(step: PolicyStep): number;
  /**
   * The pending proposal executed: replace it by the full record R_t (its result is now
   * visible to later nodes). Without a pending proposal the record is appended directly.
   */
  commit(step: PolicyStep): void;
  /**
   * Hands the graph's scratch storage to the next graph built (call once the episode is over).
   * The graph can still be read but no longer grown. Optional: an unreleased graph is freed by GC.
   */
  release(): void;
}
