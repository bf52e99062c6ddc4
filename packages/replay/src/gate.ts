import type { JsonObject, PolicyStep, StepProvenance } from '@carb/episodes/policy';
import { decimalRational, gridRational, gridSize, scoreExceeds, type Pipeline, type Rational, type Score } from '@carb/pipeline';
import { explainDecision, type DecisionExplanation } from './explainDecision.ts';
import { createScoringSession, type DecisionObserver } from './session.ts';

/** A proposed tool call as the agent emits it. */
export interface ProposedCall {
  tool: string;
  args: JsonObject;
  provenance?: StepProvenance;
  /** Guard-model score, required when the pipeline scores externally. */
  externalScore?: number;
}

/** The observed result of an allowed call. */
export interface ObservedResult {
  result: string;
  error: string | null;
}

export type GateDecision = 'allow' | 'stop';

export interface Gate {
  /** Scores the proposal on its selected context; `stop` hands control over and ends the episode. */
  propose(call: ProposedCall): GateDecision;
  /** Records the result of the call last allowed. */
  observe(result: ObservedResult): void;
  /** Executed records so far (the stopped prefix once stopped). */
  readonly executed: readonly PolicyStep[];
  readonly stopped: boolean;
  /** Score of the last proposal (exact for the weighted scorer; formatScore prints it). */
  readonly lastScore: Score | null;
  /** Features, context and edges behind the last score (with `explain: true`; null otherwise). */
  readonly lastExplanation: DecisionExplanation | null;
  /** True when the threshold certifies nothing (an infeasible deploy row): every proposal is stopped. */
  readonly stopsAll: boolean;
}

/**
 * The gate's threshold λ: a grid index of the pipeline's grid (λ_g exactly, as offline
 * replay uses it), a number read as the decimal it prints as (0.58 is 58/100), or a
 * deploy.json row's `lambdaIndex` (a grid index, or −1 for an infeasible row: stop everything).
 */
export type GateThreshold = number | { gridIndex: number } | { lambdaIndex: number };

export interface GateOptions {
  /** Episode key for the seeded random selector (defaults to "online"). */
  episodeId?: string;
  /** Keep an explanation of each decision (lastExplanation); off in bulk checks. */
  explain?: boolean;
}

/**
 * Online gate at a fixed threshold λ: allows a proposal iff q_t ≤ λ, decided exactly. It
 * runs the same scoring session and comparison as offline replay, so on a logged episode
 * it reproduces the replayed stopped prefix exactly (Proposition 2).
 */
export function createGate(pipeline: Pipeline, threshold: GateThreshold, options: GateOptions = {}): Gate {
  const episodeId = options.episodeId ?? 'online';
  const lambda = thresholdRational(pipeline, threshold);
  let lastExplanation: DecisionExplanation | null = null;
  const observe: DecisionObserver | undefined = options.explain
    ? (graph, selected, decision) => {
        lastExplanation = explainDecision(graph, selected, decision.score, pipeline, pipeline.selector);
      }
    : undefined;
  const session = createScoringSession(pipeline, pipeline.selector, episodeId, observe);
  const executed: PolicyStep[] = [];
  let pendingCall: ProposedCall | null = null;
  let stopped = false;
  let lastScore: Score | null = null;
  return {
    propose(call) {
      if (stopped) throw new Error(`gate ${episodeId}: proposal after stop`);
      if (pendingCall) throw new Error(`gate ${episodeId}: proposal before the previous result was observed`);
      const proposal: PolicyStep = {
        index: executed.length,
        tool: call.tool,
        args: call.args,
        result: '',
        error: null,
        ok: true,
        ...(call.provenance ? { provenance: call.provenance } : {}),
      };
      const { score } = session.decide(proposal, call.externalScore);
      lastScore = score;
      if (lambda === null || scoreExceeds(score, lambda)) {
        stopped = true;
        return 'stop';
      }
      pendingCall = call;
      return 'allow';
    },
    observe(observed) {
      if (!pendingCall) throw new Error(`gate ${episodeId}: result observed with no allowed call`);
      const call = pendingCall;
      const record: PolicyStep = {
        index: executed.length,
        tool: call.tool,
        args: call.args,
        result: observed.result,
        error: observed.error,
        ok: observed.error === null,
        ...(call.provenance ? { provenance: call.provenance } : {}),
      };
      session.execute(record);
      executed.push(record);
      pendingCall = null;
    },
    get executed() {
      return executed;
    },
    get stopped() {
      return stopped;
    },
    get lastScore() {
      return lastScore;
    },
    get lastExplanation() {
      return lastExplanation;
    },
    stopsAll: lambda === null,
  };
}

// null: no threshold is certified, nothing may execute
function thresholdRational(pipeline: Pipeline, threshold: GateThreshold): Rational | null {
  if (typeof threshold === 'number') return decimalRational(threshold);
  if ('lambdaIndex' in threshold && threshold.lambdaIndex === -1) return null;
  const g = 'gridIndex' in threshold ? threshold.gridIndex : threshold.lambdaIndex;
  if (!Number.isInteger(g) || g < 0 || g >= gridSize(pipeline.grid)) {
    throw new Error(
      `gate: expected a grid index in 0..${gridSize(pipeline.grid) - 1}${'lambdaIndex' in threshold ? ' (or −1 for an infeasible deploy row)' : ''}, found ${g}`,
    );
  }
  return gridRational(pipeline.grid, g);
}
