import { RELATIONS, ancestorMask, isSink, reachFromSources, relationsOf, type PrefixGraph, type Relation } from '@carb/evidence';
import {
  SCORER_FEATURES,
  exactScore,
  exactWeights,
  formatScore,
  type Pipeline,
  type Score,
  type ScorerWeights,
  type SelectorConfig,
  type ToolType,
} from '@carb/pipeline';
import { scoreFeatures, weightedScore } from '@carb/scorer';

/** Edge relation names of g-carb App. B.2, by relation number (RELATIONS inverted). */
export type RelationName = keyof typeof RELATIONS;
const RELATION_NAMES = Object.fromEntries(Object.entries(RELATIONS).map(([name, r]) => [r, name])) as Record<Relation, RelationName>;

/** A context edge leaving a selected record for a later selected record. */
export interface ContextEdge {
  /** Node id (= step index) of the later record. */
  to: number;
  relations: RelationName[];
}

/** One record of the selected context C_t. */
export interface ContextRecord {
  /** Node id of the prefix graph, which is the record's step index in the episode. */
  node: number;
  tool: string;
  /** The proposal A_t (result not yet visible), or an executed record R_s, s < t. */
  role: 'proposal' | 'executed';
  types: readonly ToolType[];
  /** The observable marks the scorer reads from this record. */
  privateSource: boolean;
  canary: boolean;
  injection: boolean;
  /** Context edges from this record to later selected records: what ties it to the proposal. */
  edges: ContextEdge[];
  /** Shortest chain of context edges from this record to the proposal (node ids, ending at it); null when none. */
  path: number[] | null;
}

/** A Table 1 feature with x_k = 1 and its weight w_k. */
export interface FiredFeature {
  name: keyof ScorerWeights;
  weight: number;
}

/** Why a decision came out as it did: the score, its features and the context they were read from. */
export interface DecisionExplanation {
  /** q_t, the very score the gate compares with λ. */
  score: Score;
  /** `weighted`: q_t = clip(wᵀx); `external`: the score came with the proposal, features were not used. */
  scorer: 'weighted' | 'external';
  /** Fired features in Table 1 order (empty for an external score). */
  features: FiredFeature[];
  /** wᵀx before clipping to [0, 1], exact decimal text (null for an external score). */
  sum: string | null;
  /** The selector's rule that produced this context (Definition 2's branch for the graph selector). */
  rule: string;
  /** C_t in chronological order; the proposal is last. */
  context: ContextRecord[];
}

/**
 * Explains one decision from the prefix graph and the selected context the scoring session
 * used (see DecisionObserver): the fired Table 1 features and, for each selected record,
 * the edges (App. B.2 relations) that connect it to the proposal inside the context. For
 * the weighted scorer the features are re-summed and must give the session's score exactly.
 */
export function explainDecision(
  graph: PrefixGraph,
  selected: ArrayLike<number>,
  score: Score,
  pipeline: Pipeline,
  selector: SelectorConfig,
): DecisionExplanation {
  const n = selected.length;
  const p = selected[n - 1]!;
  const inContext = new Uint8Array(graph.size);
  for (let k = 0; k < n; k++) inContext[selected[k]!] = 1;
  const out = new Map<number, ContextEdge[]>();
  for (let k = 0; k < n; k++) {
    const v = selected[k]!;
    for (const e of graph.edges(v)) {
      if (inContext[e.from] === 0) continue;
      const list = out.get(e.from) ?? [];
      list.push({ to: v, relations: relationsOf(e.relations).map((r) => RELATION_NAMES[r]) });
      out.set(e.from, list);
    }
  }
  const next = nextHopToProposal(selected, out, p);
  const context: ContextRecord[] = Array.from(selected, (v) => {
    const m = graph.marks(v);
    return {
      node: v,
      tool: graph.record(v).tool,
      role: v === p ? 'proposal' : 'executed',
      types: graph.types(v),
      privateSource: m.privateSource,
      canary: m.resultCanaries.length > 0 || m.argCanaries.length > 0,
      injection: m.injection,
      edges: out.get(v) ?? [],
      path: pathFrom(v, next, p),
    };
  });
  const rule = selectorRule(graph, p, selector);
  if (pipeline.scorer.source === 'external') return { score, scorer: 'external', features: [], sum: null, rule, context };
  const x = scoreFeatures(graph, selected);
  const w = pipeline.scorer.weights;
  const again = weightedScore(x, w);
  if (formatScore(again) !== formatScore(score))
    throw new Error(
      `explainDecision: step ${graph.record(p).index}: features sum to ${formatScore(again)}, the session scored ${formatScore(score)}`,
    );
  const { units, denominator } = exactWeights(w);
  const fired = SCORER_FEATURES.filter((k) => x[k] === 1);
  const sum = fired.reduce((s, k) => s + units[k], 0);
  return {
    score,
    scorer: 'weighted',
    features: fired.map((name) => ({ name, weight: w[name] })),
    sum: formatScore(exactScore(sum, denominator)),
    rule,
    context,
  };
}

// Distances to p over context edges, computed backwards (edges point forward in time);
// ties go to the earliest next record so the path is deterministic.
function nextHopToProposal(selected: ArrayLike<number>, out: ReadonlyMap<number, readonly ContextEdge[]>, p: number): Map<number, number> {
  const dist = new Map<number, number>([[p, 0]]);
  const next = new Map<number, number>();
  for (let k = selected.length - 2; k >= 0; k--) {
    const v = selected[k]!;
    for (const e of out.get(v) ?? []) {
      const d = dist.get(e.to);
      if (d === undefined) continue;
      const best = dist.get(v);
      if (best === undefined || d + 1 < best) {
        dist.set(v, d + 1);
        next.set(v, e.to);
      }
    }
  }
  return next;
}

function pathFrom(v: number, next: ReadonlyMap<number, number>, p: number): number[] | null {
  if (v === p) return [p];
  if (!next.has(v)) return null;
  const path = [v];
  for (let u = v; u !== p;) {
    u = next.get(u)!;
    path.push(u);
  }
  return path;
}

/** The selector's rule in words; for the graph selector, which branch of Definition 2 applied. */
function selectorRule(graph: PrefixGraph, p: number, selector: SelectorConfig): string {
  switch (selector.kind) {
    case 'graph':
      return isSink(graph.types(p)) && reachFromSources(graph, ancestorMask(graph, p), p)[p] === 1
        ? 'graph: nodes on private-source → proposal paths (the proposal is a sink reachable from a source)'
        : 'graph: the proposal and its ancestors (no private source reaches a sink proposal)';
    case 'full':
      return 'full prefix: every earlier record';
    case 'window':
      return `fixed window: the proposal and the ${selector.window - 1} most recent records`;
    case 'random':
      return `equal-size random (seed ${selector.seed}): the proposal and a seeded subset of the graph selector's size`;
    case 'current':
      return 'current: the proposal alone';
    default:
      return String((selector as { kind: unknown }).kind);
  }
}
