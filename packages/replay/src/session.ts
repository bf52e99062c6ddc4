import { createPrefixGraph, selectContext, type EdgeFilter, type PrefixGraph } from '@carb/evidence';
import type { PolicyStep } from '@carb/episodes/policy';
import { externalScore, type Pipeline, type Score, type SelectorConfig } from '@carb/pipeline';
import { scoreContext } from '@carb/scorer';

/** One decision's score q_t (exact for the weighted scorer) and the size of the context it was computed on. */
export interface Decision {
  score: Score;
  contextSize: number;
}

/**
 * The gate's decision procedure over one episode: the graph grows by executed records,
 * each proposal is scored on its selected context. Offline replay and the online gate
 * both run through this, which is what makes Proposition 2 hold by construction.
 */
export interface ScoringSession {
  /** Scores proposal A_t (its result not yet visible). `external` is used when the pipeline scores externally. */
  decide(proposal: PolicyStep, external?: number): Decision;
  /** A_t executed: its record R_t (with result) joins the prefix. */
  execute(record: PolicyStep): void;
  /** Rebuilds the prefix from an already-executed record, without scoring it (reference replay). */
  admit(record: PolicyStep): void;
}

/**
 * Sees each decision as it is made: the prefix graph (the proposal is its last node), the
 * selected context C_t and the score computed on it. For introspection (explainDecision);
 * it must not change the graph.
 */
export type DecisionObserver = (graph: PrefixGraph, selected: Int32Array, decision: Decision, selectorIndex: number) => void;

export function createScoringSession(
  pipeline: Pipeline,
  selector: SelectorConfig,
  episodeId: string,
  observe?: DecisionObserver,
  keepEdge?: EdgeFilter | null,
): ScoringSession {
  const fused = createFusedSession(pipeline, [selector], episodeId, observe, keepEdge);
  return {
    decide: (proposal, external) => fused.decide(proposal, external)[0]!,
    execute: (record) => fused.execute(record),
    admit: (record) => fused.admit(record),
  };
}

/** A scoring session that decides every proposal under several selectors at once. */
export interface FusedScoringSession {
  /** One decision per selector, in the order the selectors were given. */
  decide(proposal: PolicyStep, external?: number): Decision[];
  execute(record: PolicyStep): void;
  admit(record: PolicyStep): void;
  /** The episode is over: the prefix graph's scratch storage goes to the next session (no further calls). */
  release(): void;
}

/**
 * The gate's decision procedure under several selectors over one prefix graph: the graph
 * depends on the pipeline, not on the selector, so it is built once per episode and each
 * selector picks its context from it. The single-selector session is this with one selector.
 * `keepEdge` (a perturbed replay's edge dropout; never the online gate's) filters the graph's
 * edges by node position, so it cannot see labels.
 */
export function createFusedSession(
  pipeline: Pipeline,
  selectors: readonly SelectorConfig[],
  episodeId: string,
  observe?: DecisionObserver,
  keepEdge?: EdgeFilter | null,
): FusedScoringSession {
  const graph = createPrefixGraph(pipeline, keepEdge ? { keepEdge } : {});
  const key = { episodeId };
  let pending = false;
  return {
    decide(proposal, external) {
      if (pending) throw new Error(`episode ${episodeId}: proposal ${proposal.index} scored before the previous one was executed`);
      graph.propose(withEmptyResult(proposal));
      pending = true;
      if (pipeline.scorer.source === 'external' && (external === undefined || !(external >= 0 && external <= 1))) {
        throw new Error(`episode ${episodeId}: step ${proposal.index}: expected an external score in [0,1], found ${String(external)}`);
      }
      return selectors.map((selector, s) => {
        const selected = selectContext(graph, selector, key);
        const score = pipeline.scorer.source === 'external' ? externalScore(external!) : scoreContext(graph, selected, pipeline);
        const decision = { score, contextSize: selected.length };
        if (observe !== undefined) observe(graph, selected, decision, s);
        return decision;
      });
    },
    execute(record) {
      if (!pending) throw new Error(`episode ${episodeId}: step ${record.index} executed without a decision`);
      graph.commit(record);
      pending = false;
    },
    admit(record) {
      if (pending) throw new Error(`episode ${episodeId}: step ${record.index} admitted while a proposal is pending`);
      graph.propose(withEmptyResult(record));
      graph.commit(record);
    },
    release() {
      graph.release();
    },
  };
}

/** The proposal as the gate sees it before execution: action fields only. */
export function withEmptyResult(step: PolicyStep): PolicyStep {
  const { index, tool, args, provenance } = step;
  // two literals rather than a spread: one allocation of a fixed shape per proposal
  return provenance === undefined
    ? { index, tool, args, result: '', error: null, ok: true }
    : { index, tool, args, result: '', error: null, ok: true, provenance };
}
