import { formatScore } from '@carb/pipeline';
import { createGate, type GateDecision, type ObservedResult, type ProposedCall } from '@carb/replay';
import { lambdaText, type ResolvedGate } from './resolveGate.ts';

/** The gate's answer to one proposed tool call, with what it rests on. */
export interface GateVerdict {
  /** Step index of the proposal in the episode (0-based): the number of calls executed before it. */
  step: number;
  /** `allow`: execute the call, then pass its result to observe(); `stop`: do not execute it, hand off. */
  decision: GateDecision;
  /** q_t, the proposal's score on its selected context, as exact decimal text. */
  score: string;
  /** λ as exact decimal text; null when the deploy row is infeasible (every proposal is stopped). */
  lambda: string | null;
  /** One line: `score 0.14 ≤ λ 0.58`, `score 0.7 > λ 0.58`, or why every proposal is stopped. */
  why: string;
  /** Selected context C_t: node ids of the prefix graph (step indices), the proposal last. */
  context: number[];
  /** Table 1 features that fired, in Table 1 order. */
  features: string[];
}

/** A calibrated gate in an agent's tool loop: one episode's proposals in order. */
export interface DeployedGate {
  /** Decides one proposed call; after `allow` the call's result must be observed before the next proposal. */
  propose(call: ProposedCall): GateVerdict;
  /** Records the result of the call last allowed (result text, error text or null). */
  observe(result: ObservedResult): void;
  /** Every verdict so far, in order (the last one is the stop, once stopped). */
  readonly history: readonly GateVerdict[];
  /** True once a proposal was stopped: the episode is handed off, no further proposal is taken. */
  readonly stopped: boolean;
  /** One line saying which gate this is (method, deploy row, λ). */
  readonly description: string;
  /** Said plainly when the deploy row is infeasible (every proposal stopped); null otherwise. */
  readonly notice: string | null;
  /** The resolved gate (pipeline with the method's selector, threshold, deploy row). */
  readonly resolved: ResolvedGate;
}

/**
 * The gate object over a resolved gate (resolveGate), for one episode: loadGate's result, and
 * what `carb gate` runs its stdin events through, so both decide by one code path.
 * `episodeId` keys the equal-size random selector (default "online", as `carb gate`).
 */
export function openGate(resolved: ResolvedGate, options: { episodeId?: string } = {}): DeployedGate {
  if (resolved.threshold === null)
    throw new Error(`gate: expected a threshold (a deploy row or a grid λ), found none (${resolved.description})`);
  const gate = createGate(resolved.pipeline, resolved.threshold, { episodeId: options.episodeId ?? 'online', explain: true });
  const lambda = resolved.notice !== null || resolved.gridIndex === null ? null : lambdaText(resolved.pipeline, resolved.gridIndex);
  const history: GateVerdict[] = [];
  return {
    propose(call) {
      const decision = gate.propose(call);
      const x = gate.lastExplanation!;
      const score = formatScore(x.score);
      const why =
        lambda === null
          ? 'infeasible deploy row: every proposal is stopped'
          : `score ${score} ${decision === 'stop' ? '>' : '≤'} λ ${lambda}`;
      const verdict: GateVerdict = {
        step: x.context[x.context.length - 1]!.node,
        decision,
        score,
        lambda,
        why,
        context: x.context.map((r) => r.node),
        features: x.features.map((f) => f.name),
      };
      history.push(verdict);
      return verdict;
    },
    observe(result) {
      gate.observe(result);
    },
    get history() {
      return history;
    },
    get stopped() {
      return gate.stopped;
    },
    description: resolved.description,
    notice: resolved.notice,
    resolved,
  };
}
